// Window changes like for like while parts are missing: the parts present now against the same parts
// one window ago, read off the anchor, the daily samples since and the anchor's own verified change;
// between two readings at a steady rate, so a steady trend reads the same whatever the poll times.
import { CHANGE_WINDOWS, type ChangeWindow } from '../../../../shared/alert-rules'
import { pctChange } from '../../../../shared/change'
import type { SymbolBaseline } from '../model'

const DAY_MS = 86_400_000
const WINDOW_MS: Record<ChangeWindow, number> = { '7d': 7 * DAY_MS, '30d': 30 * DAY_MS }
/** A sample a day is enough to place "one window ago" within a day's movement. */
const SAMPLE_EVERY_MS = DAY_MS
const LONGEST_MS = Math.max(...Object.values(WINDOW_MS))

/** The anchor's parts at one instant, in the anchor's order; null where a part was absent. */
interface Point {
  at: number
  tvl: readonly (number | null)[]
}

/** The readings to look back on, oldest first, for one window (the anchor's change places its start). */
function pointsFor(b: SymbolBaseline, w: ChangeWindow): Point[] {
  if (b.anchoredAt === null) return []
  const at = Date.parse(b.anchoredAt)
  const tvl = b.networks.map((k) => b.tvl[k] ?? null)
  const points: Point[] = []
  const pct = b.change[w]
  // The anchor's verified change says where its parts were one window before it.
  if (pct !== null && pct > -100) {
    const back = 1 + pct / 100
    points.push({ at: at - WINDOW_MS[w], tvl: tvl.map((v) => (v === null ? null : v / back)) })
  }
  points.push({ at, tvl })
  for (const s of b.samples) points.push({ at: Date.parse(s.at), tvl: s.tvl })
  return points
}

/** A part's value at `t` from the readings that have it around `t`; null when none has it before. */
function valueAt(points: Point[], now: Point, k: number, t: number): number | null {
  let a: Point | null = null
  let b: Point = now
  for (const p of points) {
    const v = p.tvl[k]
    if (v === null || v === undefined) continue
    if (p.at <= t) a = p
    else if (b === now) b = p
  }
  const va = a?.tvl[k]
  const vb = b.tvl[k]
  if (a === null || va === null || va === undefined || vb === null || vb === undefined) return null
  const f = b.at > a.at ? (t - a.at) / (b.at - a.at) : 0
  // A steady rate between the two readings; a part at zero moves in a straight line instead.
  return va > 0 && vb > 0 ? va * (vb / va) ** f : va + (vb - va) * f
}

/** Percent change of the parts present now and known one window ago; null when unknown. */
function changeOver(points: Point[], now: Point, windowMs: number): number | null {
  const start = now.at - windowMs
  let then = 0
  let current = 0
  now.tvl.forEach((v, k) => {
    if (v === null) return
    const was = valueAt(points, now, k, start)
    if (was === null) return
    then += was
    current += v
  })
  if (!(then > 0)) return null
  const pct = pctChange(then, current)
  return Number.isFinite(pct) ? pct : null
}

/** The like-for-like change of each window, ending at `now`. */
export function likeForLikeChanges(
  b: SymbolBaseline,
  now: Point,
): Record<ChangeWindow, number | null> {
  const out = {} as Record<ChangeWindow, number | null>
  for (const w of CHANGE_WINDOWS) out[w] = changeOver(pointsFor(b, w), now, WINDOW_MS[w])
  return out
}

/** The baseline with this reading kept as a sample once a day; samples no window reaches dropped. */
export function withSample(b: SymbolBaseline, at: string, tvl: (number | null)[]): SymbolBaseline {
  const nowMs = Date.parse(at)
  const newest = b.samples.at(-1)?.at ?? b.anchoredAt
  const due = newest === null || nowMs - Date.parse(newest) >= SAMPLE_EVERY_MS
  const samples = due ? [...b.samples, { at, tvl }] : b.samples
  const reach = nowMs - LONGEST_MS
  // The newest sample no window reaches stays: it brackets the longest window's start.
  let first = 0
  while (first + 1 < samples.length && Date.parse(samples[first + 1]!.at) <= reach) first++
  return { ...b, samples: first === 0 ? samples : samples.slice(first) }
}
