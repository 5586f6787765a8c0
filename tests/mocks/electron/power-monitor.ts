import { EventEmitter } from 'node:events'

/** Tests emit 'suspend' and 'resume' on it as the OS would. */
export const powerMonitor = new EventEmitter()
