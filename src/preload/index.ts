// The renderer's only door to main: named request methods and event subscriptions from the
// contract, nothing generic. Imports only the channel table and a zod-free error class, so
// the sandboxed CJS bundle stays tiny (tests/ipc/preload-bundle.test.ts checks it).
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { ApiCallError } from '../shared/api-error'
import {
  EVENT_CHANNELS,
  REQUEST_CHANNELS,
  type IpcEvent,
  type IpcMethod,
} from '../shared/ipc-channels'
import type { IpcResult, RendererApi } from '../shared/ipc-contract'

function isIpcResult(v: unknown): v is IpcResult<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { ok?: unknown }).ok === 'boolean'
}

function request(channel: string) {
  return async (...args: unknown[]): Promise<unknown> => {
    const result: unknown = await ipcRenderer.invoke(channel, ...args)
    if (!isIpcResult(result)) {
      throw ApiCallError.forBridge({ kind: 'internal', message: 'malformed reply from the app' })
    }
    if (result.ok) return result.value
    // A real Error, so the renderer's catch/await sees a message rather than a bare object.
    throw ApiCallError.forBridge(result.error)
  }
}

function subscription(channel: string) {
  return (listener: (payload: unknown) => void): (() => void) => {
    if (typeof listener !== 'function') throw new TypeError('listener must be a function')
    // Pass only the payload: the IpcRendererEvent would hand the page `sender` (ipcRenderer).
    const wrapped = (_event: IpcRendererEvent, payload: unknown): void => listener(payload)
    ipcRenderer.on(channel, wrapped)
    return () => {
      ipcRenderer.removeListener(channel, wrapped)
    }
  }
}

function buildApi(): RendererApi {
  const api: Record<string, unknown> = {}
  for (const [method, channel] of Object.entries(REQUEST_CHANNELS) as [IpcMethod, string][]) {
    api[method] = request(channel)
  }
  for (const [event, channel] of Object.entries(EVENT_CHANNELS) as [IpcEvent, string][]) {
    api[`on${event[0]!.toUpperCase()}${event.slice(1)}`] = subscription(channel)
  }
  return Object.freeze(api) as RendererApi
}

contextBridge.exposeInMainWorld('api', buildApi())
