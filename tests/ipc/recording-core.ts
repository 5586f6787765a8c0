// The core is the boundary of the handler table: record what reaches it, answer with a canned value.
import type { IpcMethod } from '../../src/shared/ipc-channels'
import { IPC_METHODS, type IpcCore } from '../../src/main/ipc/core-types'

export interface RecordingCore {
  core: IpcCore
  calls: { method: IpcMethod; args: unknown[] }[]
  /** Make the next calls of a method throw this. */
  failWith(method: IpcMethod, error: unknown): void
}

export function recordingCore(): RecordingCore {
  const calls: RecordingCore['calls'] = []
  const failures = new Map<IpcMethod, unknown>()
  const core: Partial<Record<IpcMethod, (...args: unknown[]) => Promise<unknown>>> = {}
  for (const m of IPC_METHODS) {
    core[m] = async (...args: unknown[]) => {
      calls.push({ method: m, args })
      if (failures.has(m)) throw failures.get(m)
      return { answeredBy: m }
    }
  }
  return { core: core as unknown as IpcCore, calls, failWith: (m, e) => failures.set(m, e) }
}
