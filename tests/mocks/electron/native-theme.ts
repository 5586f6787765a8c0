import { EventEmitter } from 'node:events'

/** The OS theme as Electron reports it: light, following the system. */
export const nativeTheme = Object.assign(new EventEmitter(), {
  shouldUseDarkColors: false,
  themeSource: 'system' as 'system' | 'light' | 'dark',
})
