// Issuers and networks of a symbol, kept between cycles, so one that vanishes from the data is
// reported while it is missing and changes are judged like for like: the baseline is anchored on the
// last complete reading (every part present) and stays while parts are missing (like-for-like.ts).
import { CHANGE_WINDOWS, type ChangeWindow } from '../../../../shared/alert-rules'
import type { AssetDetail } from '../../../../shared/liquidity-schemas'
import { joinNames } from '../../../../shared/plain-list'
import { computeChange } from '../../../../shared/change'
import { likeForLikeChanges, withSample } from './like-for-like'
import type { Absence, LikeForLike, MissingPart, SymbolBaseline } from '../model'

/** After the longest window, no window can still count a part: it left for good, re-anchor. */
const FORGET_MISSING_MS = 30 * 86_400_000

const SEP = '\u0000'

function partsOf(detail: AssetDetail): Map<string, number> {
  const parts = new Map<string, number>()
  for (const i of detail.issuers)
    for (const n of i.networks) {
      const key = `${i.name}${SEP}${n.network}`
      parts.set(key, (parts.get(key) ?? 0) + n.tvl)
    }
  return parts
}

function anchorOn(detail: AssetDetail, now: Date): SymbolBaseline {
  const parts = partsOf(detail)
  // Only figures that agree with themselves are a basis to chain from.
  const change = {} as Record<ChangeWindow, number | null>
  for (const w of CHANGE_WINDOWS) {
    const c = computeChange(detail, w)
    change[w] = c?.verified ? c.pct : null
  }
  return {
    issuers: [...new Set(detail.issuers.map((i) => i.name))].sort(),
    networks: [...parts.keys()].sort(),
    tvl: Object.fromEntries(parts),
    change,
    anchoredAt: now.toISOString(),
    missing: {},
    samples: [],
  }
}

/** Group missing keys: a whole issuer is named as one; otherwise each network of it. */
export function absencesOf(prev: SymbolBaseline, missing: Record<string, MissingPart>): Absence[] {
  const total = Object.values(prev.tvl).reduce((a, b) => a + b, 0)
  const byIssuer = new Map<string, string[]>()
  for (const key of Object.keys(missing)) {
    const issuer = key.split(SEP)[0] ?? ''
    byIssuer.set(issuer, [...(byIssuer.get(issuer) ?? []), key])
  }
  const out: Absence[] = []
  const make = (label: string, keys: string[]): Absence => {
    const known = keys.every((k) => prev.tvl[k] !== undefined)
    const sum = keys.reduce((s, k) => s + (prev.tvl[k] ?? 0), 0)
    // Amounts so large their sum overflows are not shown as figures.
    const tvl = known && Number.isFinite(sum) ? sum : null
    const parts = keys.map((k) => missing[k] as MissingPart)
    return {
      label,
      keys,
      since: parts.map((p) => p.since).sort()[0] ?? '',
      polls: Math.min(...parts.map((p) => p.polls)),
      tvl,
      sharePct: tvl !== null && total > 0 && Number.isFinite(total) ? (tvl / total) * 100 : null,
    }
  }
  for (const [issuer, keys] of [...byIssuer].sort(([a], [b]) => a.localeCompare(b))) {
    const all = prev.networks.filter((k) => k.startsWith(`${issuer}${SEP}`))
    if (keys.length === all.length) out.push(make(`issuer ${issuer}`, keys.sort()))
    else
      for (const key of keys.sort())
        out.push(make(`network ${key.split(SEP)[1]} of issuer ${issuer}`, [key]))
  }
  return out
}

function withoutText(absences: Absence[]): string {
  const issuers = absences.filter((a) => a.label.startsWith('issuer ')).map((a) => a.label.slice(7))
  const networks = absences.filter((a) => !a.label.startsWith('issuer ')).map((a) => a.label)
  if (issuers.length === 0) return joinNames(networks)
  return joinNames([`issuer${issuers.length > 1 ? 's' : ''} ${joinNames(issuers)}`, ...networks])
}

/** The anchor's parts missing now, and the anchor less those gone for longer than any window. */
function missingParts(prev: SymbolBaseline, parts: Map<string, number>, now: Date) {
  const missing: Record<string, MissingPart> = {}
  let anchor = prev
  for (const key of prev.networks) {
    if (parts.has(key)) continue
    const since = prev.missing[key]?.since ?? now.toISOString()
    if (now.getTime() - Date.parse(since) > FORGET_MISSING_MS) anchor = forget(anchor, key)
    else missing[key] = { since, polls: (prev.missing[key]?.polls ?? 0) + 1 }
  }
  return { anchor, missing }
}

/** The parts present now ÷ the same parts at the anchor; null when unknown or zero. */
function ratioOf(anchor: SymbolBaseline, present: (number | null)[]): number | null {
  let then = 0
  let current = 0
  let known = true
  anchor.networks.forEach((key, i) => {
    const now = present[i]
    if (now === null || now === undefined) return
    const was = anchor.tvl[key]
    if (was === undefined) known = false
    then += was ?? 0
    current += now
  })
  return known && then > 0 && Number.isFinite(current / then) ? current / then : null
}

/**
 * Compare a fresh, trusted reading with the baseline. Complete: it becomes the new anchor.
 * Otherwise the anchor stays, the absence is counted, the reading is kept as a sample, and the
 * like-for-like figures say how the parts present then and now moved.
 */
export function readParts(
  prev: SymbolBaseline | undefined,
  detail: AssetDetail,
  now: Date,
): { baseline: SymbolBaseline; lfl: LikeForLike | null } {
  if (prev === undefined || prev.networks.length === 0)
    return { baseline: anchorOn(detail, now), lfl: null }
  const parts = partsOf(detail)
  const { anchor, missing } = missingParts(prev, parts, now)
  if (Object.keys(missing).length === 0) return { baseline: anchorOn(detail, now), lfl: null }
  // The parts of the anchor as read now (null: absent), in the anchor's order.
  const present = anchor.networks.map((k) => parts.get(k) ?? null)
  const absences = absencesOf(anchor, missing)
  const lfl: LikeForLike = {
    ratio: ratioOf(anchor, present),
    change: likeForLikeChanges(anchor, { at: now.getTime(), tvl: present }),
    missing: Object.keys(missing).map((key) => {
      const [issuer = '', network = ''] = key.split(SEP)
      return { issuer, network, tvl: anchor.tvl[key] ?? 0 }
    }),
    absences,
    without: withoutText(absences),
  }
  return { baseline: withSample({ ...anchor, missing }, now.toISOString(), present), lfl }
}

function forget(b: SymbolBaseline, key: string): SymbolBaseline {
  const tvl = { ...b.tvl }
  delete tvl[key]
  const index = b.networks.indexOf(key)
  const networks = b.networks.filter((k) => k !== key)
  const issuers = b.issuers.filter((i) => networks.some((k) => k.startsWith(`${i}${SEP}`)))
  // Samples list the parts in the anchor's order: drop the forgotten one there too.
  const samples = b.samples.map((s) => ({ ...s, tvl: s.tvl.filter((_, i) => i !== index) }))
  return { ...b, issuers, networks, tvl, samples }
}
