// Contact point edits the core applies to settings: list (the built-in desktop first), save
// (insert or replace, keeping main's secret hints), remove (and out of the rules that named it).
// Pure: the keychain side is contact-point-calls.ts.
import type { AlertRule } from '../../shared/alert-rules'
import {
  desktopIdProblem,
  DESKTOP_CONTACT_POINT_ID,
  SECRET_FIELD,
  type ContactPoint,
} from '../../shared/contact-points'
import { LiquidityError } from '../../shared/errors'
import { checkAddress } from '../engine/secrets/secret-hint'
import type { Settings } from '../../shared/settings-schema'

/** Every install's desktop notification, until the user edits it (then it is stored). */
export function builtInDesktop(): ContactPoint {
  return {
    id: DESKTOP_CONTACT_POINT_ID,
    name: 'Desktop',
    kind: 'desktop',
    enabled: true,
    isDefault: true,
    minSeverity: 'info',
    quietHours: null,
    template: { title: null, body: null },
  }
}

/** The contact points as the user sees them: the desktop first, then the rest in stored order. */
export function listContactPoints(stored: readonly ContactPoint[]): ContactPoint[] {
  const desktop = stored.find((p) => p.kind === 'desktop') ?? builtInDesktop()
  return [desktop, ...stored.filter((p) => p.kind !== 'desktop')]
}

export type HintField = 'urlHint' | 'tokenHint' | 'passwordHint'

/** The settings field that keeps the hint of a kind's secret, or null for kinds without one. */
export function hintField(kind: ContactPoint['kind']): HintField | null {
  const field = SECRET_FIELD[kind]
  return field === null ? null : (`${field}Hint` as HintField)
}

export function findContactPoint(s: Settings, id: string): ContactPoint {
  const point = listContactPoints(s.contactPoints).find((p) => p.id === id)
  if (!point) throw new LiquidityError('invalid-argument', `There is no contact point "${id}".`)
  return point
}

function refuse(message: string): never {
  throw new LiquidityError('invalid-argument', message)
}

/** A point with `hint` as its secret's hint (kinds without a secret are returned as they are). */
export function withHint(point: ContactPoint, hint: string | null): ContactPoint {
  const field = hintField(point.kind)
  return field === null ? point : ({ ...point, [field]: hint } as ContactPoint)
}

function hintOf(point: ContactPoint): string | null {
  const field = hintField(point.kind)
  return field === null
    ? null
    : ((point as unknown as Partial<Record<HintField, string | null>>)[field] ?? null)
}

/**
 * Inserts or replaces by id. The hint is the stored one (the renderer cannot write it); a point
 * whose kind changed loses it, and `secretVoid` says its old secret must leave the keychain.
 */
export function upsertContactPoint(
  s: Settings,
  point: ContactPoint,
): { settings: Settings; secretVoid: boolean } {
  const desktop = desktopIdProblem(point)
  if (desktop !== null) refuse(desktop)
  if (point.kind === 'ntfy') checkAddress(point.server, 'The ntfy server', 'ntfy')
  if (point.kind === 'alertmanager')
    checkAddress(point.url, 'The Alertmanager address', 'alertmanager')
  const before = s.contactPoints.find((p) => p.id === point.id)
  const sameKind = before !== undefined && before.kind === point.kind
  const next = withHint(point, sameKind ? hintOf(before) : null)
  const i = s.contactPoints.findIndex((p) => p.id === point.id)
  const contactPoints =
    i === -1 ? [...s.contactPoints, next] : s.contactPoints.map((p, j) => (j === i ? next : p))
  return {
    settings: { ...s, contactPoints },
    secretVoid: before !== undefined && !sameKind && hintOf(before) !== null,
  }
}

/** A rule that named only this contact point goes back to the defaults (never to no one). */
function dropFromRule(rule: AlertRule, id: string): AlertRule {
  if (!rule.contactPoints?.includes(id)) return rule
  const rest = rule.contactPoints.filter((c) => c !== id)
  if (rest.length > 0) return { ...rule, contactPoints: rest }
  const { contactPoints: _dropped, ...others } = rule
  return others
}

export function removeContactPoint(s: Settings, id: string): Settings {
  if (id === DESKTOP_CONTACT_POINT_ID)
    refuse('The desktop contact point cannot be removed; turn it off instead.')
  findContactPoint(s, id)
  return {
    ...s,
    contactPoints: s.contactPoints.filter((p) => p.id !== id),
    rules: s.rules.map((r) => dropFromRule(r, id)),
  }
}

export function setHint(s: Settings, id: string, hint: string | null): Settings {
  const point = findContactPoint(s, id)
  const stored = s.contactPoints.some((p) => p.id === id)
  const next = withHint(point, hint)
  return {
    ...s,
    contactPoints: stored
      ? s.contactPoints.map((p) => (p.id === id ? next : p))
      : [...s.contactPoints, next],
  }
}
