// The daemon's engine: the app's AppCore with the CLI's stores and overrides, no desktop
// notifications (delivery to contact points runs in the core's cycle), and a hook that tells the
// daemon when each poll ends.
import { performance } from 'node:perf_hooks'
import type { EngineStatus } from '../../shared/view-models'
import { createAppCore, type AppCore } from '../core/app-core'
import { headlessCoreDeps, type HeadlessRun } from '../cli/headless-core'
import type { RateHoldWatcher } from '../client/rate-gate'

/** The daemon's flags that choose what it watches (check's, without the output ones). */
export type EngineOptions = Omit<HeadlessRun, 'channels'>

export interface PollEnd {
  /** How long the poll took (monotonic: a clock step does not distort it). */
  durationMs: number
  status: EngineStatus
}

/** Opens the core; `onPollEnd` runs after every poll with the status it left. */
export async function openEngine(
  o: EngineOptions,
  env: NodeJS.ProcessEnv,
  hooks: {
    onPollEnd: (p: PollEnd) => void
    log: (line: string) => void
    onRateHold?: RateHoldWatcher
  },
): Promise<AppCore> {
  let startedMs: number | null = null
  return createAppCore({
    ...headlessCoreDeps(o, {
      env,
      keychainUnreachable: (why) => hooks.log(`The system keychain could not be read: ${why}`),
      log: hooks.log,
    }),
    emit: (event, payload) => {
      if (event !== 'statusChanged') return
      const status = payload as EngineStatus
      if (status.refreshing && startedMs === null) startedMs = performance.now()
      else if (!status.refreshing && startedMs !== null) {
        const p = { durationMs: performance.now() - startedMs, status }
        startedMs = null
        // The metrics and the log line must never break the poll loop that emits this.
        try {
          hooks.onPollEnd(p)
        } catch (e) {
          hooks.log(
            `The figures of this poll could not be shown on /metrics: ${(e as Error).message}`,
          )
        }
      }
    },
    ...(hooks.onRateHold ? { onRateHold: hooks.onRateHold } : {}),
  })
}
