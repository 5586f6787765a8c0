// The rule editor's flat form model, to and from AlertRule.
import { DEFAULT_COOLDOWN_MINUTES } from '../../../../shared/alert-facts'
import type { AlertRule } from '../../../../shared/alert-rules'
import { DEFAULT_SEVERITY, type Severity } from '../../../../shared/contact-points'
import { conditionToForm, defaultValues, formToCondition } from '../../../../shared/conditions/form'
import type { ConditionForm } from '../../../../shared/conditions/kind'
import { kindOf } from '../../../../shared/conditions/registry'

export interface RuleForm extends ConditionForm {
  id: string
  name: string
  enabled: boolean
  scopeKind: 'watchlist' | 'symbols'
  symbols: string
  condKind: AlertRule['condition']['kind']
  pendingCycles: number
  rearmMarginPct: number
  repeatHours: number
  notify: AlertRule['notify']
  cooldownMinutes: number
  notifyMissingIssuers: boolean
  severity: Severity
  /** null: the desktop plus the default contact points. */
  contactPoints: string[] | null
  /** datetime-local value, '' for never. */
  expires: string
  overrides: AlertRule['overrides']
  snoozedUntil: string | null
}

const pad = (n: number): string => String(n).padStart(2, '0')
function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const d = new Date(iso)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

export function newForm(): RuleForm {
  return {
    id: crypto.randomUUID(),
    name: '',
    enabled: true,
    scopeKind: 'watchlist',
    symbols: '',
    condKind: 'tvl-change',
    window: '7d',
    direction: 'down',
    thresholdPct: 10,
    ignoreMigrations: false,
    issuer: '',
    network: 'ethereum',
    poolsBelow: 2,
    poolsDropBy: '',
    values: defaultValues(),
    pendingCycles: 2,
    rearmMarginPct: 2,
    repeatHours: 24,
    notify: 'every-time',
    cooldownMinutes: DEFAULT_COOLDOWN_MINUTES,
    notifyMissingIssuers: false,
    severity: DEFAULT_SEVERITY,
    contactPoints: null,
    expires: '',
    overrides: {},
    snoozedUntil: null,
  }
}

export function toForm(r: AlertRule): RuleForm {
  const f = newForm()
  const c = r.condition
  return {
    ...f,
    id: r.id,
    name: r.name,
    enabled: r.enabled,
    scopeKind: r.scope.kind,
    symbols: r.scope.kind === 'symbols' ? r.scope.symbols.join(', ') : '',
    condKind: c.kind,
    ...conditionToForm(c, f),
    pendingCycles: r.pendingCycles,
    rearmMarginPct: r.rearmMarginPct,
    repeatHours: r.repeatHours,
    notify: r.notify,
    cooldownMinutes: r.cooldownMinutes,
    notifyMissingIssuers: r.notifyMissingIssuers,
    severity: r.severity,
    contactPoints: r.contactPoints ?? null,
    expires: toLocalInput(r.expiresAt),
    overrides: r.overrides,
    snoozedUntil: r.snoozedUntil,
  }
}

export function toCondition(f: RuleForm): AlertRule['condition'] {
  return formToCondition(f.condKind, f)
}

export function toRule(f: RuleForm): AlertRule {
  const condition = toCondition(f)
  const symbols = f.symbols
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean)
  return {
    id: f.id,
    name: f.name.trim(),
    enabled: f.enabled,
    scope:
      f.scopeKind === 'watchlist'
        ? { kind: 'watchlist' }
        : { kind: 'symbols', symbols: [...new Set(symbols)] },
    overrides: keptOverrides(f.overrides, f.scopeKind === 'symbols' ? new Set(symbols) : null),
    condition,
    pendingCycles: Number(f.pendingCycles),
    rearmMarginPct: Number(f.rearmMarginPct),
    repeatHours: Number(f.repeatHours),
    notify: f.notify,
    cooldownMinutes: Number(f.cooldownMinutes),
    notifyMissingIssuers: f.notifyMissingIssuers,
    severity: f.severity,
    ...(f.contactPoints === null ? {} : { contactPoints: f.contactPoints }),
    expiresAt: f.expires ? new Date(f.expires).toISOString() : null,
    snoozedUntil: f.snoozedUntil,
  }
}

/** What "Test on last year" depends on (not the name, nor how notifications are paced): a result
 *  asked for another key is outdated. */
export function testedKey(r: AlertRule): string {
  const { scope, condition, overrides, pendingCycles, rearmMarginPct, enabled } = r
  return JSON.stringify({ scope, condition, overrides, pendingCycles, rearmMarginPct, enabled })
}

type Override = AlertRule['overrides'][string]

/** The overrides with `patch` applied to one symbol; an entry left with nothing in it is dropped. */
export function withOverride(
  overrides: AlertRule['overrides'],
  symbol: string,
  patch: Override,
): AlertRule['overrides'] {
  const next: Override = { ...overrides[symbol], ...patch }
  for (const k of Object.keys(next) as (keyof Override)[])
    if (next[k] === undefined || next[k] === null) delete next[k]
  const { [symbol]: _old, ...rest } = overrides
  return Object.keys(next).length > 0 ? { ...rest, [symbol]: next } : rest
}

/** Non-empty overrides of the symbols in scope (null: a watchlist rule keeps all, symbols come back). */
function keptOverrides(
  overrides: AlertRule['overrides'],
  inScope: Set<string> | null,
): AlertRule['overrides'] {
  return Object.fromEntries(
    Object.entries(overrides).filter(
      ([s, o]) => (inScope === null || inScope.has(s)) && Object.keys(o).length > 0,
    ),
  )
}

/** "7 d TVL drop ≥ 10 %", "TVL below $1M", "one issuer > 80 % of TVL". */
export function describeCondition(c: AlertRule['condition'], money: (n: number) => string): string {
  return kindOf(c).describe(c, { money, num: String })
}
