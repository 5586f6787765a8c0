// The fake ipcMain: the app's handlers, invoked by tests as the renderer would (from a frame).
import { EventEmitter } from 'node:events'

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown

class FakeIpcMain extends EventEmitter {
  readonly handlers = new Map<string, InvokeHandler>()
  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, handler)
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel)
  }
  /** The renderer's ipcRenderer.invoke, from a frame at `frameUrl` (top frame unless said). */
  async invoke(
    channel: string,
    frame: { url: string; top?: boolean } | null,
    ...args: unknown[]
  ): Promise<unknown> {
    const handler = this.handlers.get(channel)
    if (!handler) throw new Error(`No handler registered for '${channel}'`)
    const senderFrame = frame ? { url: frame.url, parent: frame.top === false ? {} : null } : null
    return handler({ senderFrame }, ...args)
  }
}

export const ipcMain = new FakeIpcMain()
