// `check`: one poll cycle through the same AppCore the app uses, printed; exit 0 / 1 (firing) / 2 (error).
import Conf from 'conf'
import type { AlertEvent, NotificationDecision } from '../../shared/alert-rules'
import { countsAsFiring, heldInsteadOfFiring } from '../../shared/alert-facts'
import { toSerializedError } from '../../shared/errors'
import { createAppCore, type AppCore } from '../core/app-core'
import type { KeyValueStoreFactory } from '../engine/key-value-store'
import {
  EnvSecretStore,
  API_KEY_ENV,
  keychainServiceName,
  type SecretStore,
} from '../engine/secret-store'
import { KeytarSecretStore } from '../engine/secret-store-keytar'
import type { SaveFailure } from '../engine/save-health'
import { cliSettingsHelp } from './settings-help'
import { asOfText, eventLines, jsonReport, oneLine, pollsToConfirm, table } from './format'

export interface CheckOptions {
  dataDir: string
  baseUrl?: string
  symbols?: string[]
  json: boolean
}

export interface CheckIo {
  out: (text: string) => void
  err: (text: string) => void
  env: NodeJS.ProcessEnv
}

/**
 * Longest a check waits in all at rate holds and between attempts: a one-shot run gives up quickly
 * ("rate-limited until 14:05") instead of waiting out a rate limit the way a desktop poll may.
 */
export const CHECK_WAIT_BUDGET_MS = 15_000

export const EXIT_OK = 0
export const EXIT_FIRING = 1
export const EXIT_ERROR = 2

const createConf: KeyValueStoreFactory = ({ cwd, configName }) =>
  new Conf({ cwd, configName, projectName: 'liquidity-watch' })

/** Runs act as successive polls only through the saved alert state: without it, none can confirm. */
function alertStateLost(f: SaveFailure, dataDir: string): string {
  return (
    `the alert state could not be saved to ${f.path} (${f.reason}), so the next check starts ` +
    'again from the last state saved: a pending alert cannot be confirmed and a firing one is ' +
    `reported as new each run. Make sure ${dataDir} can be written (free space, not read-only), ` +
    'or pass --data-dir with a folder that can.'
  )
}

/** The environment variable wins; otherwise the keychain entry of the installed app. */
function secretStoreFor(env: NodeJS.ProcessEnv): SecretStore {
  if (env[API_KEY_ENV]?.trim()) return new EnvSecretStore({ env })
  return new KeytarSecretStore({ service: keychainServiceName(true), timeoutMs: 5_000 })
}

export async function runCheck(o: CheckOptions, io: CheckIo): Promise<number> {
  let core: AppCore | null = null
  const diagnostics: string[] = []
  try {
    core = await createAppCore({
      dataDir: o.dataDir,
      createSettingsStore: createConf,
      secretStore: secretStoreFor(io.env),
      // A CLI run shows what it would notify in its output instead of desktop notifications.
      emit: () => undefined,
      notify: (_d: NotificationDecision) => undefined,
      isPackaged: false,
      overrides: {
        ...(o.symbols ? { watchlist: o.symbols } : {}),
        ...(o.baseUrl !== undefined ? { baseUrl: o.baseUrl } : {}),
      },
      client: { help: cliSettingsHelp(o.dataDir) },
      pollWaitBudgetMs: CHECK_WAIT_BUDGET_MS,
      log: (line) => diagnostics.push(line),
    })
    const reported = new Set(core.reports())
    for (const r of reported) io.err(`note: ${oneLine(r)}`)
    const before = await core.getStatus()
    if (before.mode === 'demo')
      io.err(
        `Using built-in demo data (local service at ${before.baseUrl}); pass --base-url for a real service.`,
      )
    const status = await core.refreshNow()
    const cycle = core.lastCycle()
    if (!cycle || cycle.outcome === 'failed') {
      io.err(
        `error: ${oneLine(status.lastError?.message ?? diagnostics.at(-1) ?? 'the check did not complete')}`,
      )
      return EXIT_ERROR
    }
    // Held alerts (figures disagree, flapping) are not firing: exit 1 means act on it.
    const firing = cycle.instances.filter(countsAsFiring).length
    const held = cycle.instances.filter((i) => heldInsteadOfFiring(i) !== null).length
    // Problems that arose during the poll (data that could not be saved), once each.
    for (const n of status.notices) if (!reported.has(n)) io.err(`note: ${oneLine(n)}`)
    const toConfirm = pollsToConfirm(cycle.instances, await core.getRules())
    if (o.json)
      io.out(
        JSON.stringify(
          jsonReport(status.mode, status.baseUrl, cycle, { firing, held }, toConfirm),
          null,
          2,
        ),
      )
    else {
      io.out(table(cycle.rows, toConfirm))
      const lines = eventLines(cycle)
      if (lines.length > 0) io.out(['', ...lines].join('\n'))
    }
    // Any failed request is an error, unless cached data stood in for it: then say so.
    for (const f of cycle.failures.filter((x) => x.fromCache))
      io.err(
        `note: ${f.what} could not be refreshed (${oneLine(f.error.message)}); showing cached data from ${asOfText(f.fetchedAt)}.`,
      )
    const errors: string[] = []
    const uncovered = cycle.failures.filter((x) => !x.fromCache)
    if (uncovered.length > 0)
      errors.push(uncovered.map((f) => `${f.what}: ${oneLine(f.error.message)}`).join('; '))
    // Runs act as successive polls only through the saved alert state.
    if (cycle.alertStateUnsaved) errors.push(alertStateLost(cycle.alertStateUnsaved, o.dataDir))
    for (const e of errors) io.err(`error: ${e}`)
    if (errors.length > 0) return EXIT_ERROR
    return firing > 0 ? EXIT_FIRING : EXIT_OK
  } catch (e) {
    io.err(`error: ${oneLine(toSerializedError(e).message)}`)
    return EXIT_ERROR
  } finally {
    await core?.stop().catch(() => undefined)
  }
}

export type { AlertEvent }
