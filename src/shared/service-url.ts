// The one rule for a Service URL, shared by settings, the client, the CLI, IPC and the Settings
// form: the API key goes with every request, so it may only go over https, or over plain http to
// this computer. Pure TypeScript (the renderer uses it): WHATWG URL only, no Node modules.

export const MAX_SERVICE_URL_LENGTH = 2048

export type ServiceUrlCheck =
  /** url: the normalised form (lower-case scheme and host, no default port, no trailing '/'). */
  | { ok: true; url: string }
  /** reason: a whole sentence for people, starting "The service address …". */
  | { ok: false; reason: string }

/**
 * localhost, 127.0.0.0/8 and ::1: traffic that never leaves this computer. Takes a hostname as
 * URL gives it (already canonical: `127.1` and `2130706433` arrive as 127.0.0.1, IPv6 in brackets).
 */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.toLowerCase()
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

function clip(s: string, max = 60): string {
  return s.length <= max ? s : `${s.slice(0, max)}…`
}

/** Why `url` may not carry the API key, or null when it may. Also used for redirect targets. */
export function transportProblem(url: URL, what = 'The service address'): string | null {
  if (url.protocol === 'https:') return null
  if (url.protocol === 'http:') {
    if (isLoopbackHostname(url.hostname)) return null
    return `${what} uses plain http:// to ${url.hostname}, which would send your API key unprotected — use https:// instead (plain http:// is only for this computer: localhost, 127.0.0.1 or ::1).`
  }
  return `${what} must start with https:// (it starts with "${clip(url.protocol, 20)}").`
}

export function checkServiceUrl(input: string): ServiceUrlCheck {
  const text = input.trim()
  if (text === '')
    return { ok: false, reason: 'Enter the service address, such as https://api.example.com.' }
  if (text.length > MAX_SERVICE_URL_LENGTH) {
    return {
      ok: false,
      reason: `The service address is too long (at most ${MAX_SERVICE_URL_LENGTH} characters).`,
    }
  }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return {
      ok: false,
      reason: `The service address "${clip(text)}" is not a web address. It should look like https://api.example.com.`,
    }
  }
  const transport = transportProblem(url)
  if (transport !== null) return { ok: false, reason: transport }
  if (url.username !== '' || url.password !== '') {
    return {
      ok: false,
      reason:
        'The service address must not contain a user name or password (the part before "@"). The API key is kept separately, in the system keychain.',
    }
  }
  // URL drops an empty "?" or "#": look at the text too, so nothing the user typed is lost silently.
  if (url.search !== '' || /\?/.test(text.split('#')[0] ?? '')) {
    return {
      ok: false,
      reason:
        'The service address must not contain a query (the part from "?"). Enter only the address the API paths start from.',
    }
  }
  if (url.hash !== '' || text.includes('#')) {
    return {
      ok: false,
      reason: 'The service address must not contain a fragment (the part from "#").',
    }
  }
  const path = url.pathname.replace(/\/+$/, '')
  return { ok: true, url: `${url.protocol}//${url.host}${path}` }
}

/** Both forms mean the same service (used to decide whether a URL is the saved one). */
export function sameServiceUrl(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b
  const x = checkServiceUrl(a)
  const y = checkServiceUrl(b)
  return x.ok && y.ok && x.url === y.url
}
