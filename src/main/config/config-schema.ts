// The config document (config as code): the part of the settings that belongs in git — watchlist,
// rules with their per-symbol overrides, contact points without secrets or hints, polling and
// notifications. Built from the settings' own zod schemas, so a config file is judged by exactly
// the rules Settings are. Machine-local state (start at login, a notification pause) is left out.
import { z } from 'zod'
import {
  desktopIdProblem,
  DESKTOP_CONTACT_POINT_ID,
  SECRET_FIELD,
  type AddressKind,
  type ContactPoint,
} from '../../shared/contact-points'
import { thresholdProblem } from '../../shared/rule-overrides'
import { defaultSettings, settingsSchema } from '../../shared/settings-schema'
import { checkAddress } from '../engine/secrets/secret-hint'

export const CONFIG_VERSION = 1
/** Refused before parsing: a whole 5000-symbol universe with 200 rules fits well below. */
export const MAX_CONFIG_BYTES = 4 * 1024 * 1024
/** The deepest nesting a valid config has is about 6; anything far deeper is not a config. */
export const MAX_CONFIG_DEPTH = 32
/** YAML anchors may be reused this many times in all (an alias "bomb" multiplies them). */
export const MAX_ALIAS_COUNT = 100

/** The hint field of a kind with a secret ("urlHint"): settings only, never in a config file. */
export function hintField(kind: ContactPoint['kind']): string | null {
  const secret = SECRET_FIELD[kind]
  return secret === null ? null : `${secret}Hint`
}

/** A contact point as a config file holds it: the stored one without its secret's hint. */
export type ConfigContactPoint = ContactPoint extends infer C
  ? C extends ContactPoint
    ? Omit<C, 'urlHint' | 'tokenHint' | 'passwordHint'>
    : never
  : never

function withoutHint(point: ContactPoint): ConfigContactPoint {
  const field = hintField(point.kind)
  if (field === null) return point as ConfigContactPoint
  const copy: Record<string, unknown> = { ...point }
  delete copy[field]
  return copy as ConfigContactPoint
}

const s = settingsSchema.shape

/** The address field the Settings form checks at save (contact-points-ops.ts), if the kind has one. */
function addressOf(p: ContactPoint): { field: string; value: string; kind: AddressKind } | null {
  if (p.kind === 'ntfy') return { field: 'server', value: p.server, kind: p.kind }
  if (p.kind === 'alertmanager') return { field: 'url', value: p.url, kind: p.kind }
  return null
}

/** checkAddress's sentence without its subject: "uses plain http:// to …", "must start with …". */
function addressProblem(value: string, kind: AddressKind): string | null {
  try {
    checkAddress(value, '\u0000', kind)
    return null
  } catch (e) {
    return e instanceof Error ? e.message.replace('\u0000 ', '') : String(e)
  }
}

const contactPoints = s.contactPoints
  .superRefine((points, ctx) => {
    points.forEach((p, i) => {
      // A file may not hold what the app refuses at save: a second desktop, an unsafe address.
      const desktop = desktopIdProblem(p)
      if (desktop !== null) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: desktop })
      const address = addressOf(p)
      const why = address === null ? null : addressProblem(address.value, address.kind)
      if (address !== null && why !== null)
        ctx.addIssue({ code: 'custom', path: [i, address.field], message: why })
      const field = hintField(p.kind)
      if (field !== null && (p as Record<string, unknown>)[field] !== null)
        ctx.addIssue({
          code: 'custom',
          path: [i, field],
          message: 'is not read from a config file: secrets and their hints stay on each machine',
        })
    })
  })
  .transform((points) => points.map(withoutHint))

const rules = s.rules.superRefine((list, ctx) => {
  list.forEach((rule, i) => {
    for (const [symbol, o] of Object.entries(rule.overrides)) {
      const why = o.threshold === undefined ? null : thresholdProblem(rule.condition, o.threshold)
      if (why !== null)
        ctx.addIssue({
          code: 'custom',
          path: [i, 'overrides', symbol, 'threshold'],
          message: `cannot be used: ${why}`,
        })
    }
  })
})

export const configSchema = z
  .object({
    version: z.literal(CONFIG_VERSION),
    watchlist: s.watchlist,
    // Left out of a hand-written file: the defaults (the file is the whole truth, not a patch).
    polling: z
      .object({ intervalMinutes: s.intervalMinutes, baseUrl: s.baseUrl })
      .strict()
      .default(() => {
        const d = defaultSettings()
        return { intervalMinutes: d.intervalMinutes, baseUrl: d.baseUrl }
      }),
    notifications: s.notifications
      .extend({ quietHours: s.quietHours.strict() })
      .strict()
      .default(() => {
        const d = defaultSettings()
        return { ...d.notifications, quietHours: d.quietHours }
      }),
    contactPoints,
    rules,
  })
  .strict()
  .superRefine((doc, ctx) => {
    // A rule naming a point the file lacks would send its alerts nowhere (its own list skips the rest).
    const known = contactPointIds(doc.contactPoints)
    doc.rules.forEach((rule, i) => {
      rule.contactPoints?.forEach((id, j) => {
        const why = unknownContactPoint(id, known)
        if (why !== null)
          ctx.addIssue({ code: 'custom', path: ['rules', i, 'contactPoints', j], message: why })
      })
    })
  })

/** The ids a rule may name: the built-in desktop (always there) and the listed points. */
export function contactPointIds(points: readonly { id: string }[]): string[] {
  return [...new Set([DESKTOP_CONTACT_POINT_ID, ...points.map((p) => p.id)])]
}

/** Why a rule may not name `id`, or null if it may. */
export function unknownContactPoint(id: string, known: readonly string[]): string | null {
  return known.includes(id) ? null : `no contact point "${id}" (the file has: ${known.join(', ')})`
}

export type ConfigDocument = z.output<typeof configSchema>
