// Validates renderer-supplied IPC arguments before any schema runs, and turns schema failures
// into short messages that name the argument but never echo the (possibly huge) input.
import type { z } from 'zod'
import type { IpcMethod } from '../../shared/ipc-channels'

/** Argument names per method, used only in error messages. */
export const ARG_NAMES: { readonly [M in IpcMethod]: readonly string[] } = {
  getStatus: [],
  getWatchlist: [],
  getWatchlistPage: ['range'],
  addSymbol: ['symbol'],
  addSymbols: ['symbols'],
  removeSymbol: ['symbol'],
  getKnownSymbols: [],
  getAsset: ['symbol'],
  getAssetSeries: ['symbol', 'days'],
  getAnalytics: ['query'],
  getRules: [],
  saveRule: ['rule'],
  deleteRule: ['ruleId'],
  backtestRule: ['rule'],
  snooze: ['snooze'],
  getAlertHistory: ['filter'],
  getAlertInstances: [],
  getNotificationLog: [],
  getAwayDigest: [],
  dismissAwayDigest: [],
  getSettings: [],
  updateSettings: ['patch'],
  getKeyStatus: [],
  setApiKey: ['apiKey'],
  clearApiKey: [],
  bindApiKey: [],
  testConnection: ['target'],
  refreshNow: [],
  sendTestNotification: [],
  pauseNotifications: ['minutes'],
  openExternal: ['url'],
  setVisibleSymbols: ['symbols'],
  getHistoryInfo: [],
  clearHistory: [],
  getAssetFlow: ['symbol'],
  getAssetShares: ['symbol'],
  getAssetMigration: ['symbol'],
  playDemoStory: ['story'],
  getContactPoints: [],
  saveContactPoint: ['contactPoint'],
  removeContactPoint: ['id'],
  setContactPointSecret: ['id', 'secret'],
  clearContactPointSecret: ['id'],
  testContactPoint: ['id'],
  previewTemplate: ['contactPoint', 'template'],
  getDeliveryLog: ['limit'],
  exportConfig: [],
  previewConfigImport: [],
  applyConfigImport: ['token'],
  cancelConfigImport: ['token'],
}

// Keys that could reach an object's prototype if any consumer copies with plain assignment
// (zod's z.record silently drops "__proto__", so reject instead of changing the input).
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
const MAX_STRING = 16 * 1024 // the largest legitimate argument is a 2048-char URL
const MAX_NODES = 20_000
const MAX_DEPTH = 12

export function clip(s: string, max = 40): string {
  return s.length <= max ? s : `${s.slice(0, max)}…`
}

export function argLabel(method: IpcMethod, index: number): string {
  const name = ARG_NAMES[method][index]
  return name === undefined ? `argument ${index + 1}` : `argument ${index + 1} (${name})`
}

/** Cheap structural screen: plain data only, bounded, no prototype keys. null when fine. */
export function screenArgs(method: IpcMethod, args: unknown): string | null {
  if (!Array.isArray(args)) return 'arguments must be a list'
  const expected = ARG_NAMES[method].length
  if (args.length !== expected) {
    return `${method} takes ${expected} argument${expected === 1 ? '' : 's'}, got ${args.length}`
  }
  let nodes = 0
  const visit = (v: unknown, depth: number): string | null => {
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) return 'is too large or too deeply nested'
    if (typeof v === 'string') return v.length > MAX_STRING ? 'is too long' : null
    if (typeof v === 'number') return Number.isFinite(v) ? null : 'must be a finite number'
    if (v === null || typeof v === 'boolean' || v === undefined) return null
    if (typeof v !== 'object') return `must not be a ${typeof v}`
    const proto: unknown = Object.getPrototypeOf(v)
    if (!Array.isArray(v) && proto !== Object.prototype && proto !== null)
      return 'must be plain data'
    for (const key of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(key)) return `has a forbidden key "${key}"`
      const bad = visit((v as Record<string, unknown>)[key], depth + 1)
      if (bad) return bad
    }
    return null
  }
  for (let i = 0; i < args.length; i++) {
    const bad = visit(args[i], 0)
    if (bad) return `${argLabel(method, i)} ${bad}`
  }
  return null
}

/** First schema issue as "argument 1 (rule) at scope.kind: …", bounded in length. */
export function describeIssue(method: IpcMethod, error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return `invalid arguments for ${method}`
  const [first, ...rest] = issue.path
  const where = typeof first === 'number' ? argLabel(method, first) : `arguments of ${method}`
  const at = rest.length ? ` at ${rest.map((p) => clip(String(p))).join('.')}` : ''
  const text =
    issue.code === 'unrecognized_keys'
      ? `unexpected key${issue.keys.length === 1 ? '' : 's'} ${issue.keys
          .slice(0, 3)
          .map((k) => `"${clip(k)}"`)
          .join(', ')}`
      : clip(issue.message, 160)
  return `${where}${at}: ${text}`
}
