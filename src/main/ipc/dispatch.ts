// One IPC call from a frame: the sender check, then the handler. Electron-free; ipc-main.ts
// only extracts the frame facts from the Electron event.
import type { IpcMethod } from '../../shared/ipc-channels'
import type { IpcResult } from '../../shared/ipc-contract'
import type { IpcHandlerTable } from './handlers'
import { isTrustedSender, type RendererLocation } from './sender'

export interface SenderFrame {
  url: string
  isMainFrame: boolean
}

export async function dispatchIpc(
  table: IpcHandlerTable,
  method: IpcMethod,
  frame: SenderFrame | null,
  args: unknown[],
  expected: RendererLocation,
  /** Told of each refusal (the shell logs them, rate-limited: refusals.ts). */
  onRefused?: (frame: SenderFrame | null) => void,
): Promise<IpcResult<unknown>> {
  // A destroyed frame (null) or any other page gets no data and no side effects.
  if (!frame || !isTrustedSender(frame.url, expected, frame)) {
    onRefused?.(frame)
    return {
      ok: false,
      error: { kind: 'forbidden-sender', message: 'this page may not call the app' },
    }
  }
  return table[method](args)
}
