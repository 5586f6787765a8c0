// fast-check arbitraries of valid settings for config round-trip tests: every condition kind (its
// help example), per-symbol overrides, contact points of every kind with hints, odd names.
import fc from 'fast-check'
import { conditionKinds } from '../../src/shared/condition-kinds'
import { thresholdMeaning } from '../../src/shared/rule-overrides'
import { settingsSchema, type Settings } from '../../src/shared/settings-schema'

const symbol = fc.stringMatching(/^[A-Z][A-Z0-9.]{0,5}$/)
const hhmm = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)
const text = fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== '')
const instant = fc
  .integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 })
  .map((ms) => new Date(ms).toISOString())

const rule = fc
  .record({
    id: fc.stringMatching(/^[a-z0-9-]{1,20}$/),
    name: text,
    enabled: fc.boolean(),
    kind: fc.constantFrom(...conditionKinds()),
    symbols: fc.option(fc.uniqueArray(symbol, { minLength: 1, maxLength: 3 }), { nil: null }),
    overrides: fc.dictionary(
      symbol,
      fc.record(
        {
          enabled: fc.boolean(),
          share: fc.double({ min: 0.01, max: 1, noNaN: true }),
          snoozedUntil: fc.option(instant, { nil: null }),
        },
        { requiredKeys: [] },
      ),
      { maxKeys: 3 },
    ),
    pendingCycles: fc.integer({ min: 1, max: 100 }),
    rearmMarginPct: fc.double({ min: 0, max: 100, noNaN: true }),
    repeatHours: fc.double({ min: 0.25, max: 720, noNaN: true }),
    notify: fc.constantFrom('once', 'every-time'),
    severity: fc.constantFrom('info', 'warning', 'critical'),
    contactPoints: fc.option(
      fc.uniqueArray(fc.constantFrom('desktop', 'ops', 'mail'), { maxLength: 3 }),
      { nil: undefined },
    ),
    expiresAt: fc.option(instant, { nil: null }),
  })
  .map((r) => {
    const max = thresholdMeaning(r.kind.example).max
    const whole = thresholdMeaning(r.kind.example).whole
    const overrides = Object.fromEntries(
      Object.entries(r.overrides).map(([sym, o]) => {
        const { share, ...rest } = o
        if (share === undefined) return [sym, rest]
        const t = Math.max(whole ? 1 : 0.01, Math.min(max, share * max))
        return [sym, { ...rest, threshold: whole ? Math.round(t) : t }]
      }),
    )
    return {
      id: r.id,
      name: r.name,
      enabled: r.enabled,
      scope: r.symbols === null ? { kind: 'watchlist' } : { kind: 'symbols', symbols: r.symbols },
      overrides,
      condition: r.kind.example,
      pendingCycles: r.pendingCycles,
      rearmMarginPct: r.rearmMarginPct,
      repeatHours: r.repeatHours,
      notify: r.notify,
      severity: r.severity,
      ...(r.contactPoints === undefined ? {} : { contactPoints: r.contactPoints }),
      expiresAt: r.expiresAt,
      snoozedUntil: null,
    }
  })

const contactPoint = fc.oneof(
  fc.record({
    id: fc.constant('ops'),
    name: text,
    kind: fc.constant('webhook'),
    format: fc.constantFrom('json', 'slack', 'teams'),
    urlHint: fc.option(fc.constant('https://hooks…/x1'), { nil: null }),
  }),
  fc.record({
    id: fc.constant('phone'),
    name: text,
    kind: fc.constant('ntfy'),
    topic: fc.stringMatching(/^[a-z0-9_-]{1,20}$/),
    tokenHint: fc.constant(null),
  }),
  fc.record({
    id: fc.constant('mail'),
    name: text,
    kind: fc.constant('email'),
    host: fc.constant('smtp.example.com'),
    from: fc.constant('lw@example.com'),
    to: fc.constant(['risk@example.com']),
    passwordHint: fc.option(fc.constant('••••ab'), { nil: null }),
  }),
  fc.record({
    id: fc.constant('am'),
    name: text,
    kind: fc.constant('alertmanager'),
    url: fc.constant('http://127.0.0.1:9093'),
    minSeverity: fc.constantFrom('info', 'critical'),
  }),
)

/** Valid settings (checked by the settings schema itself; defaults filled in). */
export const validSettings: fc.Arbitrary<Settings> = fc
  .record({
    watchlist: fc.uniqueArray(symbol, { maxLength: 8 }),
    baseUrl: fc.constantFrom(null, 'https://liquidity.example.com', 'http://127.0.0.1:8787'),
    intervalMinutes: fc.oneof(
      fc.integer({ min: 1, max: 1440 }),
      fc.double({ min: 1, max: 1440, noNaN: true }),
    ),
    notifications: fc.record({ enabled: fc.boolean(), notifyUnverified: fc.boolean() }),
    quietHours: fc.record({ enabled: fc.boolean(), start: hhmm, end: hhmm }),
    rules: fc.uniqueArray(rule, { maxLength: 4, selector: (r) => r.id }),
    startAtLogin: fc.boolean(),
    notificationsPausedUntil: fc.option(instant, { nil: null }),
    contactPoints: fc.uniqueArray(contactPoint, { maxLength: 4, selector: (p) => p.id }),
  })
  // A rule names only points that exist (the desktop always does), as settings can hold.
  .map((s) => {
    const known = ['desktop', ...s.contactPoints.map((p) => p.id)]
    const rules = s.rules.map((r) =>
      r.contactPoints === undefined
        ? r
        : { ...r, contactPoints: r.contactPoints.filter((id) => known.includes(id)) },
    )
    return settingsSchema.parse({ version: 1, ...s, rules })
  })
