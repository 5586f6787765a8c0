// The soak: the real engine (AppCore, client, cache, alert state on real files) polls the local
// service over loopback thousands of times on an accelerated clock, while the service misbehaves
// (faults) and the world moves (scenarios). A twin service with the same clock and the same
// real-world scenarios, but no faults and no misreporting, is the ground truth for every alert.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import type { AlertEvent, NotificationDecision } from '../../src/shared/alert-rules'
import { utcTime } from '../../src/shared/local-time'
import type { EngineStatus, WatchRow } from '../../src/shared/view-models'
import { createAppCore } from '../../src/main/core/app-core'
import { cacheDirFor, cacheNamespace } from '../../src/main/engine/storage/cache-namespace'
import { CACHE_FILE_NAME } from '../../src/main/engine/storage/cache'
import { reviveEnvelope } from '../../src/main/engine/storage/cache-envelope'
import { splitCacheFile } from '../../src/main/engine/storage/cache-format'
import { EnvSecretStore } from '../../src/main/engine/secrets/secret-store'
import { openSettings } from '../../src/main/engine/settings/settings-store'
import { startLocalService } from '../../src/dev-service/server'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { issuersOf, truePct } from './ground-truth'
import { nonFinitePaths } from './invariants'
import { soakPlan, type SoakEvent } from './soak-plan'
import { emptyReport, heapNow, MIN_HEAP_POLLS, slope, type SoakReport } from './soak-report'

export interface SoakOptions {
  polls: number
  seed: number
  symbols?: string[]
  intervalMinutes?: number
  /** Sample the heap (after a forced GC, when --expose-gc) every this many polls. */
  heapEvery?: number
  progress?: (done: number) => void
}

const THRESHOLD_PCT = 10
/** The drop grows during a poll (accelerated clock): allow half a point at the edge. */
const EDGE_PCT = 0.5
const STEP_MS = 2_000
const WARM_POLLS = 3
const HOUR_MS = 3_600_000

interface ActiveStory {
  symbol: string
  label: string
  ids: { faulty: string; twin: string | null }
}

export async function runSoak(o: SoakOptions): Promise<SoakReport> {
  const started = performance.now()
  const clock = new FakeClock('2026-03-02T09:00:00Z')
  const now = (): Date => clock.date()
  const faulty = await startLocalService({ now })
  const twin = await startLocalService({ now })
  const dir = await mkdtemp(join(tmpdir(), 'lw-soak-'))
  const symbols = o.symbols ?? ['TSLA', 'NVDA', 'AAPL', 'MSFT', 'AMZN', 'GOLD']
  const intervalMs = (o.intervalMinutes ?? 5) * 60_000
  openSettings({ dir, create: createConf }).update((s) => ({
    ...s,
    watchlist: symbols,
    baseUrl: faulty.url,
    intervalMinutes: intervalMs / 60_000,
  }))

  const report = emptyReport(o.polls, o.seed)
  const events = new Map<string, AlertEvent>()
  let rows: WatchRow[] = []
  let status: EngineStatus | null = null
  let sent: NotificationDecision[] = []
  // Bounded like the app's own history, so the soak's bookkeeping does not show up as a leak.
  const remember = (e: AlertEvent): void => {
    events.set(e.id, e)
    if (events.size > 2_000) events.delete(events.keys().next().value!)
  }
  const onUnhandled = (e: unknown): void => {
    report.crashes.push(`unhandled: ${String(e)}`)
  }
  process.on('unhandledRejection', onUnhandled)
  process.on('uncaughtException', onUnhandled)

  const core = await createAppCore({
    dataDir: dir,
    createSettingsStore: createConf,
    secretStore: new EnvSecretStore({ env: { LIQUIDITY_API_KEY: faulty.apiKey } }),
    emit: (event, payload) => {
      if (event === 'alertEvents') for (const e of payload as AlertEvent[]) remember(e)
      if (event === 'watchlistUpdated') rows = payload as WatchRow[]
      if (event === 'statusChanged') status = payload as EngineStatus
    },
    notify: (d) => sent.push(d),
    clock,
    utcOffset: utcTime,
    isPackaged: false,
  })
  const issuers = await issuersOf(twin, symbols)
  const stories: ActiveStory[] = []
  const perKey = new Map<string, { at: number; title: string }[]>()
  const cacheFile = join(cacheDirFor(dir, cacheNamespace(faulty.url)), CACHE_FILE_NAME)
  const plan = soakPlan(o.polls, o.seed)
  const t0 = clock.now()

  try {
    for (let i = 0; i < plan.length; i++) {
      const pollStart = clock.now()
      apply(plan[i]!, i)
      sent = []
      await accelerated(clock, core.refreshNow()).catch((e: unknown) =>
        report.crashes.push(`poll ${i}: refresh threw ${String(e)}`),
      )
      await judge(i, sent)
      const st = status as EngineStatus | null
      if (st?.lastError?.kind === 'internal')
        report.crashes.push(`poll ${i}: ${st.lastError.message}`)
      for (const r of rows)
        if (r.error?.kind === 'internal')
          report.crashes.push(`poll ${i} ${r.symbol}: ${r.error.message}`)
      const instances = await core.getAlertInstances()
      for (const p of nonFinitePaths({ rows, status: st, instances }))
        report.nonFinite.push(`poll ${i}: ${p}`)
      await checkCache(i)
      if (o.heapEvery && i % o.heapEvery === 0) report.heap.samples.push(heapNow())
      o.progress?.(i + 1)
      const left = pollStart + intervalMs - clock.now()
      if (left > 0) await clock.advance(left)
    }
  } finally {
    process.off('unhandledRejection', onUnhandled)
    process.off('uncaughtException', onUnhandled)
    report.requests = faulty.stats().requests
    await core.stop()
    await faulty.close()
    await twin.close()
    await rm(dir, { recursive: true, force: true })
  }
  report.simulatedHours = (clock.now() - t0) / HOUR_MS
  // A short run's slope is its warm-up (caches and JIT filling), not a leak: measured from
  // MIN_HEAP_POLLS on (10 000 polls is the soak's real figure).
  report.heap.slopeBytesPerPoll =
    o.polls >= MIN_HEAP_POLLS ? slope(report.heap.samples, o.heapEvery ?? 1) : null
  report.wallMs = Math.round(performance.now() - started)
  return report

  function apply(e: SoakEvent, poll: number): void {
    if (e.kind === 'fault') {
      faulty.faults.inject(e.fault)
      report.faults++
    } else if (e.kind === 'scenario') {
      // One story per symbol at a time, so the ground truth of each alert stays unambiguous.
      const free = symbols.filter((s) => !stories.some((x) => x.symbol === s))
      // A service that misreports a symbol from the very first poll cannot be told from the truth
      // (nothing to compare with yet): misreporting starts once the engine has read it whole.
      if (free.length === 0 || (!e.story.realWorld && poll < WARM_POLLS)) return
      const symbol = free[poll % free.length]!
      const scenario = e.story.make(symbol, issuers.get(symbol) ?? '', clock.now())
      const story: ActiveStory = {
        symbol,
        label: e.story.label,
        ids: {
          faulty: faulty.scenarios.add(scenario),
          twin: e.story.realWorld ? twin.scenarios.add(scenario) : null,
        },
      }
      stories.push(story)
      report.scenarios++
    } else if (e.kind === 'end-scenario') {
      const story = stories.shift()
      if (!story) return
      faulty.scenarios.remove(story.ids.faulty)
      if (story.ids.twin) twin.scenarios.remove(story.ids.twin)
    }
  }

  /** Every notification of the poll: flood count per (rule, symbol), and truth of each alert. */
  async function judge(poll: number, decisions: NotificationDecision[]): Promise<void> {
    for (const d of decisions) {
      if (d.status !== 'sent') continue
      report.notifications++
      const mine = d.eventIds.map((id) => events.get(id)).filter((e): e is AlertEvent => !!e)
      for (const key of new Set(mine.map((e) => `${e.ruleId} ${e.symbol}`))) {
        // The time the engine judged and decided (its cooldown runs from there), not when the poll ended.
        const at = decidedAt()
        const recent = [...(perKey.get(key) ?? []), { at, title: d.title }].filter(
          (x) => x.at > at - HOUR_MS,
        )
        perKey.set(key, recent)
        report.maxPerRuleSymbolHour = Math.max(report.maxPerRuleSymbolHour, recent.length)
        if (recent.length > 1) {
          const list = recent.map(
            (x) => `${new Date(x.at).toISOString().slice(11, 16)} "${x.title}"`,
          )
          report.floods.push(
            `poll ${poll}: ${recent.length} for ${key} within an hour: ${list.join(', ')}`,
          )
        }
      }
      for (const e of mine) {
        if (e.type !== 'fired' && e.type !== 'repeated') continue
        if (e.type === 'fired') report.firedEvents++
        const truth = await truePct(twin, e.symbol)
        if (truth === null || truth > -(THRESHOLD_PCT - EDGE_PCT)) {
          const story = stories.find((s) => s.symbol === e.symbol)?.label ?? 'no story'
          report.falseAlerts.push(
            `poll ${poll}: ${e.message} (truth ${truth?.toFixed(2) ?? 'n/a'} %, ${story})`,
          )
        }
      }
    }
  }

  function decidedAt(): number {
    const at = core.lastCycle()?.at
    return at ? Date.parse(at) : clock.now()
  }

  async function checkCache(poll: number): Promise<void> {
    let text: string
    try {
      text = await readFile(cacheFile, 'utf8')
    } catch (e) {
      // No file yet is fine (nothing saved so far); anything else is not.
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return
      report.cacheUnreadable.push(`poll ${poll}: ${String(e)}`)
      return
    }
    const split = splitCacheFile(text)
    if ('bad' in split) {
      report.cacheUnreadable.push(`poll ${poll}: ${split.bad}`)
      return
    }
    for (const entry of split.entries) {
      try {
        reviveEnvelope(entry.read()[1])
      } catch (e) {
        report.cacheUnreadable.push(`poll ${poll}: ${(e as Error).message}`)
      }
    }
  }
}

const createConf = ({ cwd, configName }: { cwd: string; configName: string }): Conf =>
  new Conf({ cwd, configName, projectName: 'lw-soak' })

/** Runs a poll to its end while the fake clock moves in small steps (retries and holds elapse). */
async function accelerated<T>(clock: FakeClock, p: Promise<T>): Promise<T> {
  let done = false
  const out = p.finally(() => {
    done = true
  })
  while (!done) {
    await clock.advance(STEP_MS)
    await new Promise((r) => setTimeout(r, 1))
  }
  return out
}
