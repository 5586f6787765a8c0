// The app's own history (history.sqlite) at 200 symbols, with the universe service's real details:
// - one poll's write as the app makes it (HistoryClient: rows posted to the history worker), over
//   a week of 5-minute polls: the main thread's stall per poll (the post, i.e. the structured
//   clone; p50 and p95), the longest event-loop gap seen by a 1 ms probe over the whole week, and
//   the worker's write (post to answer: one transaction of 200 snapshots, the hourly downsampling
//   included when due), p50 and p95;
// - the file's size after a year at the default retention, with the real downsampling run as the
//   app runs it (at most hourly). The first 358 days are polled hourly and the last 7 every
//   5 minutes: what the retention keeps of a year of 5-minute polls is exactly that (one per hour
//   up to 90 days, one per day before), so the result is the same at a twelfth of the writes.
// Run alone: npx tsx bench/history-write.ts
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import type { AssetDetail } from '../src/shared/liquidity-schemas'
import { entryOf, type HistoryEntry } from '../src/main/engine/history/history-entry'
import { HistoryClient } from '../src/main/engine/history/history-client'
import { HistoryStore } from '../src/main/engine/history/history-store'
import { fetchScaleData } from './scale-data'

const SYMBOLS = 200
const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR
const START = Date.parse('2025-01-01T00:00:00.000Z')

const round = (n: number): number => Math.round(n * 100) / 100
const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!
}

/** The poll's entries with figures moved a little, as successive polls would bring them. */
function pollEntries(base: HistoryEntry[], i: number): HistoryEntry[] {
  const k = 1 + 0.001 * Math.sin(i)
  return base.map((e) => ({ ...e, tvl: e.tvl * k, price: e.price * k }))
}

export async function benchHistoryWrite(): Promise<Record<string, number | string>> {
  const data = await fetchScaleData(SYMBOLS, new Date(START))
  const base = data.perSymbol
    .filter((a) => a.request.kind === 'asset')
    .map((a) => entryOf(a.data as AssetDetail, '2025-01-01'))
  const root = await mkdtemp(join(tmpdir(), 'lw-bench-history-'))
  try {
    // One week of 5-minute polls through the worker, as the app writes them.
    const week = await HistoryClient.open({ path: join(root, 'week.sqlite') })
    const stall: number[] = []
    const write: number[] = []
    let longestGap = 0
    let last = performance.now()
    const probe = setInterval(() => {
      const now = performance.now()
      longestGap = Math.max(longestGap, now - last)
      last = now
    }, 1)
    for (let i = 0, t = START; t < START + 7 * DAY; i++, t += 5 * MIN) {
      const entries = pollEntries(base, i)
      const t0 = performance.now()
      week.record('demo', t, entries)
      const t1 = performance.now()
      await week.settled()
      stall.push(t1 - t0)
      write.push(performance.now() - t0)
      if (week.notice() !== null) throw new Error(week.notice()!)
    }
    clearInterval(probe)
    await week.close()
    // The year below takes minutes: the per-poll figures are shown as soon as they are known.
    process.stderr.write(
      `history@${SYMBOLS}: main stall p50 ${round(pct(stall, 50))} / p95 ${round(pct(stall, 95))} ms, ` +
        `longest loop gap ${round(longestGap)} ms, worker write p50 ${round(pct(write, 50))} / ` +
        `p95 ${round(pct(write, 95))} ms\n`,
    )

    // A year at the default retention.
    const year = HistoryStore.open({ path: join(root, 'year.sqlite'), now: () => new Date() })
    const end = START + 365 * DAY
    let i = 0
    for (let t = START; t < end - 7 * DAY; t += HOUR) year.record('demo', t, pollEntries(base, i++))
    for (let t = end - 7 * DAY; t < end; t += 5 * MIN)
      year.record('demo', t, pollEntries(base, i++))
    const info = year.info()
    year.close()
    return {
      symbols: SYMBOLS,
      'mainStallMs p50': round(pct(stall, 50)),
      'mainStallMs p95': round(pct(stall, 95)),
      'mainStallMs p95 target': '≤ 20',
      'mainStallMs max': round(Math.max(...stall)),
      'longestLoopGapMs (week)': round(longestGap),
      'workerWriteMs p50': round(pct(write, 50)),
      'workerWriteMs p95': round(pct(write, 95)),
      yearSnapshots: info.snapshots,
      yearFileMB: round(info.bytes / 1e6),
      'yearFileMB target': '≤ 500',
    }
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchHistoryWrite()
  for (const [k, v] of Object.entries(result)) console.log(`${k.padEnd(24)} ${v}`)
}
