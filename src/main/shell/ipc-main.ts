// Wires the handler table to ipcMain.handle (sender-checked) and events to the window.
// The only place that touches ipcMain; all decisions live in src/main/ipc (Electron-free).
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron'
import { REQUEST_CHANNELS, type IpcMethod } from '../../shared/ipc-channels'
import { dispatchIpc, type SenderFrame } from '../ipc/dispatch'
import { channelEventSink, type EventSink } from '../ipc/events'
import type { IpcHandlerTable } from '../ipc/handlers'
import type { RefusalSink } from '../ipc/refusals'
import type { RendererLocation } from '../ipc/sender'

function frameOf(event: IpcMainInvokeEvent): SenderFrame | null {
  const frame = event.senderFrame
  // A frame that navigated away or was destroyed before the call arrived is null.
  return frame ? { url: frame.url, isMainFrame: frame.parent === null } : null
}

/** Registers every channel of the contract; returns a function that removes them again. */
export function registerIpcHandlers(
  table: IpcHandlerTable,
  renderer: RendererLocation,
  refused?: RefusalSink,
): () => void {
  const entries = Object.entries(REQUEST_CHANNELS) as [IpcMethod, string][]
  for (const [method, channel] of entries) {
    ipcMain.handle(channel, (event, ...args: unknown[]) =>
      dispatchIpc(table, method, frameOf(event), args, renderer, (frame) =>
        refused?.(channel, frame),
      ),
    )
  }
  return () => {
    for (const [, channel] of entries) ipcMain.removeHandler(channel)
  }
}

/** Events go to the app window only, and are dropped while it does not exist. */
export function windowEventSink(getWindow: () => BrowserWindow | null): EventSink {
  return channelEventSink((channel, payload) => {
    const win = getWindow()
    if (win && !win.isDestroyed()) win.webContents.send(channel, payload)
  })
}
