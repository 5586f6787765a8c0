// Settings migrations: migrations[n] turns a version-n settings object into version n + 1.
// Each step is pure and tolerant: a field it cannot use falls back to the default, and the
// schema check after the last step decides whether the result is trusted.
import { defaultRules } from '../../../shared/alert-rules'
import { SETTINGS_VERSION, defaultSettings, settingsSchema } from '../../../shared/settings-schema'

type Json = Record<string, unknown>
export type Migration = (old: Json) => Json

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/**
 * The first v0 address (baseUrl, then apiUrl) the Service URL rule accepts, normalised. An unusable one is
 * dropped alone (null: the demo service) rather than failing the whole file and losing the watchlist.
 */
function v0BaseUrl(old: Json): string | null {
  for (const candidate of [old.baseUrl, old.apiUrl]) {
    if (typeof candidate !== 'string') continue
    const r = settingsSchema.shape.baseUrl.safeParse(candidate)
    if (r.success && r.data !== null) return r.data
  }
  return null
}

/**
 * v0 (before versioning): `{ watchlist: 'TSLA,NVDA', pollSeconds: 300, alerts: { dropPct: 10 },
 * notify?: boolean, apiUrl?: string, apiKey?: string }`. The plaintext apiKey is deliberately not
 * carried over: keys live in the OS keychain only.
 */
function v0ToV1(old: Json): Json {
  const d = defaultSettings()
  let watchlist = d.watchlist
  if (typeof old.watchlist === 'string') {
    watchlist = old.watchlist.split(/[\s,;]+/).filter((s) => s.length > 0)
  } else if (Array.isArray(old.watchlist)) {
    watchlist = old.watchlist.filter((s): s is string => typeof s === 'string' && s.length > 0)
  }
  const poll = old.pollSeconds
  const intervalMinutes =
    typeof poll === 'number' && Number.isFinite(poll) && poll > 0
      ? Math.min(24 * 60, Math.max(1, Math.round(poll / 60)))
      : d.intervalMinutes
  const rules = defaultRules()
  const alerts = isObject(old.alerts) ? old.alerts : {}
  const rule = rules[0]
  if (rule !== undefined && rule.condition.kind === 'tvl-change') {
    const drop = alerts.dropPct
    if (typeof drop === 'number' && drop > 0 && drop <= 1000) {
      rule.condition.thresholdPct = drop
      rule.name = `7-day TVL drop ≥ ${drop} %`
    }
    if (alerts.enabled === false) rule.enabled = false
  }
  return {
    ...d,
    version: 1,
    watchlist: [...new Set(watchlist)],
    intervalMinutes,
    rules,
    notifications: { enabled: old.notify !== false },
    baseUrl: v0BaseUrl(old),
  }
}

export const migrations: Readonly<Record<number, Migration>> = { 0: v0ToV1 }

/** Why a settings object cannot be brought to the current version (a sentence fragment). */
export class MigrationError extends Error {}

/** Written by a newer version: not damaged, only not ours to read or replace. */
export class NewerSettingsError extends MigrationError {
  constructor(readonly version: number) {
    super(
      `was written by a newer version of Liquidity Watch (settings version ${version}; this version reads up to ${SETTINGS_VERSION})`,
    )
  }
}

export function settingsVersionOf(raw: unknown): number {
  if (!isObject(raw)) throw new MigrationError('does not hold a settings object')
  if (raw.version === undefined) return 0
  if (typeof raw.version !== 'number' || !Number.isInteger(raw.version) || raw.version < 0) {
    throw new MigrationError(`has an invalid version (${JSON.stringify(raw.version)})`)
  }
  return raw.version
}

/** Runs every step from the object's version up to SETTINGS_VERSION; the result still needs the schema. */
export function migrateSettings(raw: unknown): { value: Json; from: number } {
  const from = settingsVersionOf(raw)
  if (from > SETTINGS_VERSION) throw new NewerSettingsError(from)
  let value = raw as Json
  for (let v = from; v < SETTINGS_VERSION; v++) {
    const step = migrations[v]
    if (step === undefined)
      throw new MigrationError(`has version ${v}, which no migration upgrades`)
    value = step(value)
  }
  return { value, from }
}
