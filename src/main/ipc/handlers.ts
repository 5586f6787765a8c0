// The IPC handler table: renderer data in, validated; core called; result or error wrapped.
// Electron-free so every rule here is tested in Node (tests/ipc).
import { toSerializedError, type SerializedError } from '../../shared/errors'
import type { IpcMethod } from '../../shared/ipc-channels'
import { ipcArgSchemas, type IpcResult } from '../../shared/ipc-contract'
import { redactKey } from '../client/redact-key'
import { clip, describeIssue, screenArgs } from './arg-check'
import { CONFIG_FILE_METHODS, type ConfigFileCalls } from './config-files'
import { IPC_METHODS, type IpcCore } from './core-types'

export type IpcHandler = (args: unknown[]) => Promise<IpcResult<unknown>>
export type IpcHandlerTable = Record<IpcMethod, IpcHandler>

export interface IpcHandlerOptions {
  /** Which links the renderer may open (default: none; the shell injects its allow-list). */
  isAllowedExternalUrl?: (url: string) => boolean
  /** Opens an allowed link (the shell's, injected by the root); default: the core's method. */
  openExternal?: (url: string) => Promise<void>
  /** Settings → Export/Import with the shell's file dialog (config-files.ts); default: the core's (refused). */
  configFiles?: ConfigFileCalls
  /** Full errors (with stacks) for the main-process log; the renderer gets only kind + message. */
  onError?: (method: IpcMethod, error: unknown) => void
}

const MAX_MESSAGE = 500

function invalid(message: string): IpcResult<never> {
  return { ok: false, error: { kind: 'invalid-argument', message } }
}

/** Checks beyond the shared schema: which links may open. null when fine. */
function extraCheck(
  method: IpcMethod,
  args: readonly unknown[],
  opts: IpcHandlerOptions,
): string | null {
  if (method === 'openExternal') {
    const allowed = opts.isAllowedExternalUrl ?? ((): boolean => false)
    return allowed(args[0] as string) ? null : 'argument 1 (url): this link may not be opened'
  }
  return null
}

/** Keys and contact point secrets the renderer sent (to store, or to test with): cut from any error message. */
function secretsOf(method: IpcMethod, args: readonly unknown[]): string[] {
  if (method === 'setApiKey') return [args[0] as string]
  if (method === 'setContactPointSecret') return [args[1] as string]
  if (method === 'testConnection') {
    const key = (args[0] as { apiKey?: string }).apiKey
    return key === undefined ? [] : [key]
  }
  return []
}

/** Only kind, message and the documented numeric fields cross; secrets the call carried are cut. */
function sanitize(error: SerializedError, secrets: readonly string[]): SerializedError {
  let message = error.message.split('\n')[0] ?? '' // a message that embeds a stack keeps line one
  for (const s of secrets) message = redactKey(message, s, '[redacted]')
  const out: SerializedError = { kind: error.kind, message: clip(message, MAX_MESSAGE) }
  if (typeof error.status === 'number') out.status = error.status
  if (typeof error.retryAfterMs === 'number') out.retryAfterMs = error.retryAfterMs
  return out
}

const isConfigFileMethod = (m: IpcMethod): m is (typeof CONFIG_FILE_METHODS)[number] =>
  (CONFIG_FILE_METHODS as readonly string[]).includes(m)

function createHandler<M extends IpcMethod>(
  method: M,
  core: IpcCore,
  opts: IpcHandlerOptions,
): IpcHandler {
  const schema = ipcArgSchemas[method]
  return async (args) => {
    const screened = screenArgs(method, args)
    if (screened) return invalid(screened)
    const parsed = schema.safeParse(args)
    if (!parsed.success) return invalid(describeIssue(method, parsed.error))
    const extra = extraCheck(method, parsed.data, opts)
    if (extra) return invalid(extra)
    try {
      if (method === 'openExternal' && opts.openExternal) {
        await opts.openExternal(parsed.data[0] as string)
        return { ok: true, value: undefined }
      }
      // The shell's calls when it gave them, else the core's; called as methods (`this` kept).
      const owner = opts.configFiles && isConfigFileMethod(method) ? opts.configFiles : core
      const call = owner[method as keyof typeof owner] as (...a: unknown[]) => Promise<unknown>
      return { ok: true, value: await call.apply(owner, parsed.data as unknown[]) }
    } catch (e) {
      opts.onError?.(method, e)
      const secrets = secretsOf(method, parsed.data)
      return { ok: false, error: sanitize(toSerializedError(e), secrets) }
    }
  }
}

export function createIpcHandlers(core: IpcCore, opts: IpcHandlerOptions = {}): IpcHandlerTable {
  const table: Partial<IpcHandlerTable> = {}
  for (const m of IPC_METHODS) table[m] = createHandler(m, core, opts)
  return table as IpcHandlerTable
}
