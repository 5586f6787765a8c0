// The seam between the IPC handler table and the engine: one async method per IPC method,
// same names and types as the contract. AppCore (src/main/core) implements it; tests record it.
import type { IpcArgs, IpcMethod, IpcResults } from '../../shared/ipc-contract'
import { REQUEST_CHANNELS } from '../../shared/ipc-channels'

export type IpcCore = {
  [M in IpcMethod]: (...args: IpcArgs<M>) => Promise<IpcResults[M]>
}

export const IPC_METHODS = Object.keys(REQUEST_CHANNELS) as IpcMethod[]

/**
 * A plain IpcCore whose methods call `core` (bound, so class instances work) except those in
 * `overrides` — how the shell adds what only it can do (openExternal, login item) to the core.
 */
export function withOverrides(core: IpcCore, overrides: Partial<IpcCore>): IpcCore {
  const out: Partial<Record<IpcMethod, unknown>> = {}
  for (const m of IPC_METHODS) {
    const own = overrides[m]
    out[m] = own ?? (core[m] as (...a: unknown[]) => unknown).bind(core)
  }
  return out as IpcCore
}
