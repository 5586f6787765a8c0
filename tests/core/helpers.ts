// Shared set-up for core tests: a real data dir, conf-backed settings, the real local service over
// HTTP, and fakes only at the boundaries (clock, OS notification call).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import type { AlertEvent, NotificationDecision } from '../../src/shared/alert-rules'
import type { Settings } from '../../src/shared/settings-schema'
import type { KeyStatus, WatchRow, EngineStatus } from '../../src/shared/view-models'
import { createAppCore, type AppCore, type AppCoreDeps } from '../../src/main/core/app-core'
import type { KeyValueStoreFactory } from '../../src/main/engine/storage/key-value-store'
import type { SecretStore, StoredKey } from '../../src/main/engine/secrets/secret-store'
import { KeytarSecretStore } from '../../src/main/engine/secrets/secret-store-keytar'
import { openSettings } from '../../src/main/engine/settings/settings-store'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { utcTime } from '../../src/shared/local-time'

export const MIN = 60_000

export const createConf: KeyValueStoreFactory = ({ cwd, configName }) =>
  new Conf({ cwd, configName, projectName: 'lw-core-test' })

export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'lw-core-'))
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

/** Writes settings through the real store before a core opens the directory. */
export function seedSettings(dir: string, patch: Partial<Settings>): void {
  openSettings({ dir, create: createConf }).update((s) => ({ ...s, ...patch }))
}

/** An in-memory key holder for when no Secret Service answers (the keychain is an OS boundary). */
class MemorySecretStore implements SecretStore {
  private stored: StoredKey | null
  constructor(key: string | null, origin: string | null) {
    this.stored = key === null ? null : { key, origin }
  }
  get(): Promise<string | null> {
    return Promise.resolve(this.stored?.key ?? null)
  }
  read(): Promise<StoredKey | null> {
    return Promise.resolve(this.stored)
  }
  set(key: string, origin: string | null = null): Promise<void> {
    this.stored = { key, origin }
    return Promise.resolve()
  }
  clear(): Promise<void> {
    this.stored = null
    return Promise.resolve()
  }
  status(): Promise<KeyStatus> {
    return Promise.resolve({ stored: this.stored !== null, keychainAvailable: true, message: null })
  }
}

let keychainOk: boolean | null = null
/**
 * The real keychain when one answers (scripts/test.sh provides it), else an in-memory stand-in.
 * The key is bound to `origin`, as when the user entered it for that service.
 */
export async function secretStore(
  initial: string | null,
  origin: string | null = null,
): Promise<SecretStore> {
  const service = `Liquidity Watch (core test ${process.pid}-${Math.random().toString(36).slice(2)})`
  if (keychainOk === null) {
    const probe = new KeytarSecretStore({ service, account: 'probe', timeoutMs: 3_000 })
    keychainOk = (await probe.status()).keychainAvailable
  }
  if (!keychainOk) return new MemorySecretStore(initial, origin)
  const s = new KeytarSecretStore({ service, timeoutMs: 5_000 })
  if (initial !== null) await s.set(initial, origin)
  else await s.clear().catch(() => undefined)
  return s
}

const keyOrigin = (url: string | null): string | null => (url === null ? null : new URL(url).origin)

export interface Harness {
  core: AppCore
  clock: FakeClock
  dir: string
  /** The embedded service (demo mode) or the one the test started (live mode). */
  service: LocalService
  notified: NotificationDecision[]
  alertEvents: AlertEvent[]
  rowsEmitted: WatchRow[][]
  statuses: EngineStatus[]
  logLines: string[]
  close(): Promise<void>
}

export interface HarnessOptions {
  dir?: string
  clock?: FakeClock
  /** Live mode against this service (settings.baseUrl = its url); default demo mode. */
  live?: LocalService
  key?: string | null
  /** The service the key was entered for (default: the saved Service URL of `settings`/`live`). */
  keyFor?: string | null
  secrets?: SecretStore
  settings?: Partial<Settings>
  deps?: Partial<AppCoreDeps>
}

export async function harness(o: HarnessOptions = {}): Promise<Harness> {
  const clock = o.clock ?? new FakeClock()
  const tmp = o.dir ? null : await tempDir()
  const dir = o.dir ?? tmp!.dir
  const settings: Partial<Settings> = { ...o.settings }
  if (o.live) settings.baseUrl = o.live.url
  if (Object.keys(settings).length > 0) seedSettings(dir, settings)
  let embedded: LocalService | null = null
  const h = {
    notified: [] as NotificationDecision[],
    alertEvents: [] as AlertEvent[],
    rowsEmitted: [] as WatchRow[][],
    statuses: [] as EngineStatus[],
    logLines: [] as string[],
  }
  const core = await createAppCore({
    dataDir: dir,
    createSettingsStore: createConf,
    secretStore:
      o.secrets ??
      (await secretStore(
        o.key === undefined ? (o.live?.apiKey ?? null) : o.key,
        keyOrigin(o.keyFor !== undefined ? o.keyFor : (settings.baseUrl ?? null)),
      )),
    emit: (event, payload) => {
      if (event === 'alertEvents') h.alertEvents.push(...(payload as AlertEvent[]))
      if (event === 'watchlistUpdated') h.rowsEmitted.push(payload as WatchRow[])
      if (event === 'statusChanged') h.statuses.push(payload as EngineStatus)
    },
    notify: (d) => h.notified.push(d),
    clock,
    utcOffset: utcTime,
    embeddedService: {
      start: async (opts) => {
        embedded = await startLocalService(opts)
        return embedded
      },
    },
    // One attempt per request keeps outage tests to one cycle each; retries are the client's tests.
    client: { retry: { maxAttempts: 1 }, timeoutMs: 3_000 },
    log: (line) => h.logLines.push(line),
    ...o.deps,
  })
  return {
    ...h,
    core,
    clock,
    dir,
    service: o.live ?? embedded!,
    close: async () => {
      await core.stop()
      await tmp?.cleanup()
    },
  }
}

/** The API key of the service liveHarness starts (a live key, as a real user would store). */
export const LIVE_KEY = 'sk-live-SECRET-0123456789'

/**
 * A core in live mode against its own local service (on the same fake clock, so served dates are
 * never "in the future"), with that service's key in the keychain. `h.service` is the service;
 * close() stops the core, then the service (closing it earlier in a test is fine).
 */
export async function liveHarness(
  o: Omit<HarnessOptions, 'live'> & { apiKey?: string } = {},
): Promise<Harness> {
  const { apiKey = LIVE_KEY, ...rest } = o
  const clock = rest.clock ?? new FakeClock()
  const service = await startLocalService({ now: () => clock.date(), apiKey })
  try {
    const h = await harness({ ...rest, clock, live: service })
    return {
      ...h,
      close: async () => {
        await h.close()
        await service.close()
      },
    }
  } catch (e) {
    await service.close()
    throw e
  }
}

/** One cycle, then the clock moves on by one poll interval (5 min by default). */
export async function cycleThenWait(h: Harness, ms = 5 * MIN): Promise<void> {
  await h.core.refreshNow()
  h.clock.jump(ms)
}

export function row(rows: WatchRow[], symbol: string): WatchRow {
  const r = rows.find((x) => x.symbol === symbol)
  if (!r) throw new Error(`no row for ${symbol}`)
  return r
}

export { until } from '../client/helpers/wait'

/** Drop percentage that puts a symbol's 7-day change at targetPct, given its undisturbed change. */
export function dropFor(basePct: number, targetPct: number): number {
  return (1 - (1 + targetPct / 100) / (1 + basePct / 100)) * 100
}
