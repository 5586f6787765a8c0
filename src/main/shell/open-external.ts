// Which links leave the app for the system browser: https to a short list of hosts, nothing else
// (no javascript:, file:, custom protocols, credentials or odd ports). Electron-free.

/**
 * Hosts the app really links to. Exact names; subdomains are not implied. The renderer links to
 * nothing external today, so nothing is allowed: add a host here together with the link that needs
 * it. The service's own host is deliberately not added: the app never links there (the service is
 * an API, and its responses carry no links), so allowing it would only widen what a compromised
 * page could open.
 */
export const DEFAULT_EXTERNAL_HOSTS: readonly string[] = []

export function isAllowedExternalUrl(
  url: string,
  hosts: readonly string[] = DEFAULT_EXTERNAL_HOSTS,
): boolean {
  if (typeof url !== 'string' || url.length > 2048) return false
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol !== 'https:') return false
  if (parsed.username || parsed.password || parsed.port) return false
  return hosts.includes(parsed.hostname.toLowerCase())
}
