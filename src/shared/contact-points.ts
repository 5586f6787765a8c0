// Contact points: where a notification goes besides (or instead of) the desktop. One definition for
// settings, the CLI's --contact-point, config import/export, the daemon and the Settings form.
// Secrets (a webhook URL carries its token; ntfy tokens; SMTP passwords) are never part of a stored
// contact point: they live in the keychain under contactPointSecretName(); settings keep only a
// masked hint for display. Pure zod + TypeScript (the renderer uses it).
import { z } from 'zod'

export const CONTACT_POINT_KINDS = ['desktop', 'webhook', 'ntfy', 'email', 'alertmanager'] as const
export type ContactPointKind = (typeof CONTACT_POINT_KINDS)[number]

/** Body shapes of the webhook kind: the generic JSON (webhook-body v1) or a chat service's preset. */
export const WEBHOOK_FORMATS = ['json', 'slack', 'discord', 'teams', 'mattermost'] as const
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number]

/** Ordered: a contact point's minSeverity lets through its own level and those after it. */
export const SEVERITIES = ['info', 'warning', 'critical'] as const
export type Severity = (typeof SEVERITIES)[number]
export const DEFAULT_SEVERITY: Severity = 'warning'

/** The secret field of each kind, if any: what goes to the keychain, never to settings. */
export const SECRET_FIELD = {
  desktop: null,
  webhook: 'url',
  ntfy: 'token',
  email: 'password',
  alertmanager: null,
} as const satisfies Record<ContactPointKind, string | null>

export const contactPointIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'should be 1–40 lower-case letters, digits or dashes')

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'should be a time as HH:MM (24 h)')

/** The fields every kind has. */
const common = {
  id: contactPointIdSchema,
  name: z.string().trim().min(1).max(80),
  enabled: z.boolean().default(true),
  /** Notified by every rule that names no contact points (the desktop always is, when enabled). */
  isDefault: z.boolean().default(false),
  minSeverity: z.enum(SEVERITIES).default('info'),
  /** Local time; news inside is held and told at the end, as the desktop's quiet hours do. */
  quietHours: z.object({ start: hhmm, end: hhmm }).strict().nullable().default(null),
  /** LiquidJS templates; null sends the default text. */
  template: z
    .object({
      title: z.string().max(2000).nullable().default(null),
      body: z.string().max(8000).nullable().default(null),
    })
    .strict()
    .default({ title: null, body: null }),
}

/** A secret as settings keep it: whether one is in the keychain, and how to show it. */
const secretHint = z.string().max(200).nullable().default(null)

/**
 * The NAME of an environment variable holding the secret (urlEnv, tokenEnv, passwordEnv): how a
 * server without a keychain gets it. Never the value; absent unless given.
 */
export const envNameSchema = z
  .string()
  .regex(
    /^[A-Za-z_][A-Za-z0-9_]{0,127}$/,
    'should name an environment variable (letters, digits, _)',
  )
  .optional()

const desktop = z.object({ ...common, kind: z.literal('desktop') }).strict()
const webhook = z
  .object({
    ...common,
    kind: z.literal('webhook'),
    format: z.enum(WEBHOOK_FORMATS).default('json'),
    urlHint: secretHint,
    urlEnv: envNameSchema,
  })
  .strict()
const ntfy = z
  .object({
    ...common,
    kind: z.literal('ntfy'),
    server: z.string().max(2048).default('https://ntfy.sh'),
    topic: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'should be 1–64 letters, digits, _ or -'),
    tokenHint: secretHint,
    tokenEnv: envNameSchema,
  })
  .strict()
const email = z
  .object({
    ...common,
    kind: z.literal('email'),
    host: z.string().min(1).max(255),
    port: z.number().int().min(1).max(65535).default(587),
    /** 'tls': TLS from the start (465); 'starttls': upgrade required; 'none': loopback only. */
    tls: z.enum(['tls', 'starttls', 'none']).default('starttls'),
    user: z.string().max(255).nullable().default(null),
    from: z.string().min(3).max(255),
    to: z.array(z.string().min(3).max(255)).min(1).max(20),
    passwordHint: secretHint,
    passwordEnv: envNameSchema,
  })
  .strict()
const alertmanager = z
  .object({ ...common, kind: z.literal('alertmanager'), url: z.string().max(2048) })
  .strict()

/** A contact point as settings store it: no secret, only its hint. */
export const contactPointSchema = z.discriminatedUnion('kind', [
  desktop,
  webhook,
  ntfy,
  email,
  alertmanager,
])
export type ContactPoint = z.infer<typeof contactPointSchema>

export const MAX_CONTACT_POINTS = 50

/** The environment variable a point names for its secret (urlEnv…), or null. */
export function secretEnvName(p: ContactPoint): string | null {
  const field = SECRET_FIELD[p.kind]
  if (field === null) return null
  return ((p as Partial<Record<string, unknown>>)[`${field}Env`] as string | undefined) ?? null
}

/** The kinds whose contact point has a web address (a webhook's is its secret). */
export type AddressKind = 'webhook' | 'ntfy' | 'alertmanager'

/** What to do instead of a login in the address, by kind. */
const LOGIN_INSTEAD: Record<AddressKind, string> = {
  webhook:
    'Liquidity Watch does not send it. Use the address the service gives you, which carries its token in the path (https://hooks.example.com/…/TOKEN), without "user:password@"',
  ntfy: 'it would be stored in plain text with the settings. Put an access token in the token field (tokenEnv in a config file) instead, and give the server as https://host',
  alertmanager:
    'it would be stored in plain text with the settings, and Liquidity Watch does not log in to Alertmanager. Give an address that takes alerts without a login',
}

/**
 * Why a contact point's address may not hold a login (https://user:password@host), as a sentence
 * without its subject ("has a user name or password in it …"; callers put "The ntfy server" or a
 * config file's field in front), or null. Never quotes the address: the password is in it.
 */
export function addressLoginProblem(url: URL, kind: AddressKind): string | null {
  if (url.username !== '' || url.password !== '')
    return `has a user name or password in it (the part before "@"): ${LOGIN_INSTEAD[kind]}.`
  // A webhook's whole address is its secret (kept in the keychain); the others sit in the settings.
  const named = kind === 'webhook' ? undefined : [...url.searchParams.keys()].find(isSecretName)
  return named === undefined
    ? null
    : `has a token or password in its query (?${named}=…): ${LOGIN_INSTEAD[kind]}.`
}

/** Query parameter names that carry a credential (ntfy takes ?auth=, others ?token=…). */
const isSecretName = (name: string): boolean =>
  /^(auth|authorization|token|access_token|password|pass|pwd|secret|api[_-]?key|key)$/i.test(name)

/** The keychain account name of a contact point's secret. */
export function contactPointSecretName(id: string): string {
  return `contact-point:${id}`
}

/** The built-in desktop contact point: every install has it; it cannot be removed, only disabled. */
export const DESKTOP_CONTACT_POINT_ID = 'desktop'

/** Why a point cannot be stored as it stands (the desktop is one point, id "desktop"); null if fine. */
export function desktopIdProblem(p: { id: string; kind: ContactPointKind }): string | null {
  if (p.kind === 'desktop' && p.id !== DESKTOP_CONTACT_POINT_ID)
    return `The desktop contact point's id is "${DESKTOP_CONTACT_POINT_ID}"; there is only one.`
  if (p.id === DESKTOP_CONTACT_POINT_ID && p.kind !== 'desktop')
    return `The id "${DESKTOP_CONTACT_POINT_ID}" is the desktop's; choose another id.`
  return null
}
