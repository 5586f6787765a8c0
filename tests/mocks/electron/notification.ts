import { EventEmitter } from 'node:events'
import { FakeEvent } from './event'

/**
 * Like Electron, the fake keeps no strong reference to a notification: one the app drops can be
 * garbage-collected, and with it its click handler. Tests reach them through WeakRefs.
 */
export class FakeNotification extends EventEmitter {
  static made: WeakRef<FakeNotification>[] = []
  static isSupported(): boolean {
    return true
  }
  shown = false
  constructor(
    readonly options: {
      title: string
      body: string
      icon?: string
      /** Buttons: shown by macOS only; the test plays the OS of the platform it stubs. */
      actions?: { type: 'button'; text: string }[]
    },
  ) {
    super()
    FakeNotification.made.push(new WeakRef(this))
  }
  show(): void {
    this.shown = true
  }
  click(): void {
    this.emit('click', new FakeEvent())
  }
  /** The user chose the button at `index` (Electron's 'action' event, macOS). */
  action(index: number): void {
    this.emit('action', new FakeEvent(), index)
  }
  close(): void {
    this.emit('close', new FakeEvent())
  }
}
