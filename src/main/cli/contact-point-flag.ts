// A contact point given as JSON on the command line (`check --contact-point`, repeatable; the
// daemon reuses it): checked with the shared schema settings use. Its secret (a webhook URL, an
// ntfy token, an SMTP password) may be in the JSON or in an environment variable it names
// (`urlEnv`, `tokenEnv`, `passwordEnv`); it never appears in a message, nor in settings.
import { createHash } from 'node:crypto'
import {
  addressLoginProblem,
  contactPointSchema,
  SECRET_FIELD,
  CONTACT_POINT_KINDS,
  type AddressKind,
  type ContactPointKind,
} from '../../shared/contact-points'
import { describeIssues } from '../../shared/schema-issues'
import { transportProblem } from '../../shared/service-url'
import type { RunContactPoint } from '../engine/delivery/delivery'
import { secretFromEnv } from '../engine/secrets/env-secret'

const EXAMPLE = `--contact-point '{"kind":"webhook","urlEnv":"SLACK_WEBHOOK_URL","format":"slack"}'`

function fail(which: string, problem: string): never {
  throw new Error(`${which}: ${problem}`)
}

/** Only https, or http to this computer; said without the address (it may hold a token). */
function checkAddress(which: string, field: string, text: string, kind: AddressKind): void {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    fail(which, `"${field}" is not a web address (it should start with https://).`)
  }
  const login = addressLoginProblem(url, kind)
  if (login !== null) fail(which, `"${field}" ${login}`)
  if (transportProblem(url) === null) return
  const plain = url.protocol === 'http:'
  fail(
    which,
    plain
      ? `"${field}" uses plain http:// to ${url.hostname}, which would send the alert (and any token in the address) unprotected; use https:// (plain http:// is only for this computer: localhost, 127.0.0.1 or ::1).`
      : `"${field}" must start with https://.`,
  )
}

/** The same flag in every run gets the same id (its queued messages are sent by the next run). */
function derivedId(kind: string, parts: unknown[]): string {
  const h = createHash('sha256')
    .update(JSON.stringify([kind, ...parts]))
    .digest('hex')
  return `cli-${kind}-${h.slice(0, 8)}`
}

/** `which` names the flag in messages ("--contact-point", "--contact-point 2"). */
export function parseContactPointFlag(
  which: string,
  text: string,
  env: NodeJS.ProcessEnv,
): RunContactPoint {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    // Not echoed: it may hold a secret.
    fail(which, `is not valid JSON. Quote it for the shell, e.g. ${EXAMPLE}.`)
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    fail(which, `should be a JSON object, e.g. ${EXAMPLE}.`)
  const o = { ...(json as Record<string, unknown>) }
  const kind = o.kind as ContactPointKind
  if (!CONTACT_POINT_KINDS.includes(kind))
    fail(which, `"kind" should be one of ${CONTACT_POINT_KINDS.join(', ')}.`)
  const field = SECRET_FIELD[kind]
  let secret: string | null = null
  if (field !== null) {
    const envName = o[`${field}Env`]
    delete o[`${field}Env`]
    const given = o[field]
    delete o[field]
    if (envName !== undefined) {
      if (typeof envName !== 'string' || envName === '')
        fail(which, `"${field}Env" should name an environment variable.`)
      const v = secretFromEnv(envName, env)
      if (v === null)
        fail(which, `the environment variable ${envName} (from "${field}Env") is not set.`)
      secret = v
    } else if (given !== undefined) {
      if (typeof given !== 'string' || given.trim() === '')
        fail(which, `"${field}" should be text.`)
      secret = given.trim()
    }
    if (secret === null && kind === 'webhook')
      fail(which, `a webhook needs "url", or "urlEnv" naming the variable that holds it.`)
    if (secret !== null && field === 'url') checkAddress(which, field, secret, 'webhook')
  }
  if (kind === 'ntfy' && typeof o.server === 'string')
    checkAddress(which, 'server', o.server, 'ntfy')
  if (kind === 'alertmanager' && typeof o.url === 'string')
    checkAddress(which, 'url', o.url, 'alertmanager')
  const { id: _id, name: _name, kind: _kind, ...rest } = o
  const id =
    typeof o.id === 'string' ? o.id : derivedId(kind, [rest, secret === null ? null : hash(secret)])
  const r = contactPointSchema.safeParse({
    name: id,
    ...o,
    id,
    // A contact point given for a run is for this run's alerts: every rule without a list.
    isDefault: o.isDefault ?? true,
  })
  if (!r.success)
    fail(
      which,
      `${describeIssues(r.error.issues, o, (p) => (p.length === 0 ? 'the contact point' : p.map(String).join('.')))}.`,
    )
  return { point: r.data, secret }
}

function hash(s: string): string {
  return createHash('sha256').update(s).digest('hex').slice(0, 16)
}
