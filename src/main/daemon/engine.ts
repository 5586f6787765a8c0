// The daemon's engine: the app's AppCore with the CLI's stores and overrides, no desktop
// notifications (delivery to contact points runs in the core's cycle), and a hook that tells the
// daemon when each poll ends.
import { performance } from 'node:perf_hooks'
import type { AlertCondition } from '../../shared/alert-rules'
import type { EngineStatus } from '../../shared/view-models'
import { createAppCore, type AppCore } from '../core/app-core'
import { cliRules, cliRulesStateDir } from '../cli/cli-rules'
import { createConf, secretStoreFor } from '../cli/check'
import { cliSettingsHelp } from '../cli/settings-help'
import { checkDeliveryDeps } from '../cli/check-delivery'
import type { RunContactPoint } from '../engine/delivery/delivery'
import type { RateHoldWatcher } from '../client/rate-gate'

export interface EngineOptions {
  dataDir: string
  baseUrl?: string
  /** Run on the built-in demo data, on purpose (`--demo`). */
  demo?: boolean
  symbols?: string[]
  rules?: AlertCondition[]
  /** This run's contact points (`--contact-point`), beside the saved ones. */
  contactPoints?: RunContactPoint[]
}

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
    dataDir: o.dataDir,
    createSettingsStore: createConf,
    secretStore: secretStoreFor(env, (why) =>
      hooks.log(`The system keychain could not be read: ${why}`),
    ),
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
    // Desktop notifications are the app's; a server delivers to contact points only.
    notify: () => undefined,
    isPackaged: false,
    overrides: {
      ...(o.symbols ? { watchlist: o.symbols } : {}),
      ...(o.baseUrl !== undefined ? { baseUrl: o.baseUrl } : {}),
      ...(o.demo === true ? { baseUrl: null } : {}),
      ...(o.rules ? { rules: cliRules(o.rules) } : {}),
    },
    ...(o.rules ? { alertStateDir: cliRulesStateDir(o.dataDir, o.rules) } : {}),
    client: { help: cliSettingsHelp(o.dataDir) },
    // Contact points as check reaches them: the saved ones (secrets from the keychain) and the run's.
    delivery: checkDeliveryDeps(o.contactPoints ?? []),
    bindLegacyKey: false,
    log: hooks.log,
    ...(hooks.onRateHold ? { onRateHold: hooks.onRateHold } : {}),
  })
}
