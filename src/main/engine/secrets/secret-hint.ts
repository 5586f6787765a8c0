// What settings keep of a contact point's secret: a hint to recognise it by, never enough to use
// it. A webhook URL keeps its origin and the start of its path ("https://hooks.slack.com/services/
// T0…/••••"); a token its first characters; a password nothing but that one is set.
import {
  addressLoginProblem,
  type AddressKind,
  type ContactPointKind,
} from '../../../shared/contact-points'
import { LiquidityError } from '../../../shared/errors'
import { isLoopbackHostname } from '../../../shared/service-url'

const DOTS = '••••'
const MAX_SECRET = 2048

export function maskUrl(text: string): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return DOTS
  }
  const parts = url.pathname.split('/').filter((p) => p !== '')
  // Word-like leading segments ("services", "api/webhooks") name the route, not the token.
  let words = 0
  while (words < 2 && /^[A-Za-z_-]{1,24}$/.test(parts[words] ?? '')) words++
  const head = parts
    .slice(0, words)
    .map((p) => `/${p}`)
    .join('')
  const next = parts[words]
  const peek = words > 0 && next !== undefined ? `/${next.slice(0, 2)}…` : ''
  return `${url.origin}${head}${peek}/${DOTS}`
}

export function maskToken(token: string): string {
  return token.length >= 12 ? `${token.slice(0, 3)}…${DOTS}` : DOTS
}

function refuse(message: string): never {
  throw new LiquidityError('invalid-argument', message)
}

/**
 * Alerts (and a URL's token, an ntfy token) go only over https, or plain http to this computer:
 * the Service URL's rule; and never with a login in the address (refused here, at save, not first
 * when an alert is sent). `what`: "The webhook address", "The ntfy server"…
 */
export function checkAddress(text: string, what: string, kind: AddressKind): void {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    refuse(`${what} is not a web address. It should look like https://example.com/….`)
  }
  const login = addressLoginProblem(url, kind)
  if (login !== null) refuse(`${what} ${login}`)
  if (url.protocol === 'https:') return
  if (url.protocol === 'http:' && isLoopbackHostname(url.hostname)) return
  if (url.protocol === 'http:')
    refuse(
      `${what} uses plain http:// to ${url.hostname}, which would send your alerts unprotected — use https:// (plain http:// is only for this computer: localhost, 127.0.0.1 or ::1).`,
    )
  refuse(`${what} must start with https://.`)
}

/** Checks a secret for its kind and returns the hint settings keep; refuses in plain words. */
export function checkSecret(
  kind: ContactPointKind,
  secret: string,
): { value: string; hint: string } {
  const value = secret.trim()
  if (value === '') refuse('The secret is empty.')
  if (value.length > MAX_SECRET) refuse(`The secret is longer than ${MAX_SECRET} characters.`)
  if (/[\r\n\t\0]/.test(value)) refuse('The secret contains a line break or control character.')
  switch (kind) {
    case 'webhook':
      checkAddress(value, 'The webhook address', 'webhook')
      return { value, hint: maskUrl(value) }
    case 'ntfy':
      return { value, hint: maskToken(value) }
    case 'email':
      return { value, hint: '•••••••• (set)' }
    default:
      return refuse(`A ${kind} contact point has no secret to set.`)
  }
}
