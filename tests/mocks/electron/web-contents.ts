// A window's web contents: what the app sent the page, its window-open handler, navigations.
import { EventEmitter } from 'node:events'
import { FakeEvent } from './event'

type WindowOpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' }

export class FakeWebContents extends EventEmitter {
  url = ''
  readonly sent: { channel: string; payload: unknown }[] = []
  windowOpenHandler: WindowOpenHandler | null = null
  devToolsOpen = false
  destroyed = false
  send(channel: string, payload: unknown): void {
    if (this.destroyed) throw new Error('Object has been destroyed')
    this.sent.push({ channel, payload })
  }
  /** What was sent on one channel, in order. */
  sentOn(channel: string): unknown[] {
    return this.sent.filter((s) => s.channel === channel).map((s) => s.payload)
  }
  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler
  }
  getURL(): string {
    return this.url
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  openDevTools(): void {
    this.devToolsOpen = true
    this.emit('devtools-opened')
  }
  closeDevTools(): void {
    this.devToolsOpen = false
  }
  /** A navigation the page starts: returns whether the app let it happen. */
  navigate(url: string, event: 'will-navigate' | 'will-redirect' = 'will-navigate'): boolean {
    const e = new FakeEvent(url)
    this.emit(event, e)
    return !e.defaultPrevented
  }
}
