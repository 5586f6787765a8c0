// What an import would change, in plain lines (`config import --dry-run`, the app's confirmation):
// symbols added and removed, rules and contact points added, changed (naming the fields) and
// removed, and each setting from → to.
import type { Settings } from '../../shared/settings-schema'
import { canonicalValue } from './canonical'

export interface ConfigChanges {
  symbolsAdded: string[]
  symbolsRemoved: string[]
  /** Same symbols, another order. */
  watchlistReordered: boolean
  rules: KeyedChanges
  contactPoints: KeyedChanges
  /** "Polling interval: 5 → 10 minutes". */
  settings: string[]
}

export interface KeyedChanges {
  added: string[]
  removed: string[]
  /** "default-7d-drop (condition, pendingCycles)". */
  changed: string[]
}

/** Equal as exported (key order does not count). */
const same = (a: unknown, b: unknown): boolean =>
  JSON.stringify(canonicalValue(a)) === JSON.stringify(canonicalValue(b))

function keyed<T extends { id: string }>(before: readonly T[], after: readonly T[]): KeyedChanges {
  const old = new Map(before.map((x) => [x.id, x]))
  const now = new Map(after.map((x) => [x.id, x]))
  const changed: string[] = []
  for (const [id, x] of now) {
    const was = old.get(id)
    if (was === undefined) continue
    const keys = [...new Set([...Object.keys(was), ...Object.keys(x)])].filter(
      (k) => !same((was as Record<string, unknown>)[k], (x as Record<string, unknown>)[k]),
    )
    if (keys.length > 0) changed.push(`${id} (${keys.sort().join(', ')})`)
  }
  return {
    added: [...now.keys()].filter((id) => !old.has(id)),
    removed: [...old.keys()].filter((id) => !now.has(id)),
    changed,
  }
}

const onOff = (b: boolean): string => (b ? 'on' : 'off')

function settingLines(a: Settings, b: Settings): string[] {
  const lines: string[] = []
  if (a.intervalMinutes !== b.intervalMinutes)
    lines.push(`Polling interval: ${a.intervalMinutes} → ${b.intervalMinutes} minutes`)
  if (a.baseUrl !== b.baseUrl)
    lines.push(`Service URL: ${a.baseUrl ?? 'demo data'} → ${b.baseUrl ?? 'demo data'}`)
  if (a.notifications.enabled !== b.notifications.enabled)
    lines.push(
      `Notifications: ${onOff(a.notifications.enabled)} → ${onOff(b.notifications.enabled)}`,
    )
  if (a.notifications.notifyUnverified !== b.notifications.notifyUnverified)
    lines.push(
      `Notify unverified alerts: ${onOff(a.notifications.notifyUnverified)} → ${onOff(b.notifications.notifyUnverified)}`,
    )
  const q = (s: Settings): string =>
    s.quietHours.enabled ? `${s.quietHours.start}–${s.quietHours.end}` : 'off'
  if (!same(a.quietHours, b.quietHours)) lines.push(`Quiet hours: ${q(a)} → ${q(b)}`)
  return lines
}

export function configChanges(before: Settings, after: Settings): ConfigChanges {
  const symbolsAdded = after.watchlist.filter((x) => !before.watchlist.includes(x))
  const symbolsRemoved = before.watchlist.filter((x) => !after.watchlist.includes(x))
  return {
    symbolsAdded,
    symbolsRemoved,
    watchlistReordered:
      symbolsAdded.length === 0 &&
      symbolsRemoved.length === 0 &&
      !same(before.watchlist, after.watchlist),
    rules: keyed(before.rules, after.rules),
    contactPoints: keyed(before.contactPoints, after.contactPoints),
    settings: settingLines(before, after),
  }
}

function keyedLines(noun: string, c: KeyedChanges): string[] {
  const out: string[] = []
  if (c.added.length > 0) out.push(`${noun} added: ${c.added.join(', ')}`)
  if (c.changed.length > 0) out.push(`${noun} changed: ${c.changed.join('; ')}`)
  if (c.removed.length > 0) out.push(`${noun} removed: ${c.removed.join(', ')}`)
  return out
}

/** One line per kind of change; one line saying so when nothing would change. */
export function describeChanges(c: ConfigChanges): string[] {
  const lines = [
    ...(c.symbolsAdded.length > 0 ? [`Symbols added: ${c.symbolsAdded.join(', ')}`] : []),
    ...(c.symbolsRemoved.length > 0 ? [`Symbols removed: ${c.symbolsRemoved.join(', ')}`] : []),
    ...(c.watchlistReordered ? ['Watchlist: same symbols in another order'] : []),
    ...keyedLines('Rules', c.rules),
    ...keyedLines('Contact points', c.contactPoints),
    ...c.settings,
  ]
  return lines.length > 0 ? lines : ['Nothing would change: the settings already match this file.']
}

const count = (n: number, one: string, verb: string): string =>
  `${n} ${one}${n === 1 ? '' : 's'} ${verb}`

/** The changes counted in one line ("3 symbols added, 1 rule changed"): the app's result. */
export function summarizeChanges(c: ConfigChanges): string {
  const parts: string[] = []
  const add = (n: number, one: string, verb: string): void => {
    if (n > 0) parts.push(count(n, one, verb))
  }
  add(c.symbolsAdded.length, 'symbol', 'added')
  add(c.symbolsRemoved.length, 'symbol', 'removed')
  if (c.watchlistReordered) parts.push('watchlist reordered')
  for (const [noun, k] of [
    ['rule', c.rules],
    ['contact point', c.contactPoints],
  ] as const) {
    add(k.added.length, noun, 'added')
    add(k.changed.length, noun, 'changed')
    add(k.removed.length, noun, 'removed')
  }
  add(c.settings.length, 'setting', 'changed')
  return parts.length > 0 ? parts.join(', ') : 'nothing changed'
}
