// Which links leave the app for the system browser: https to a short list of hosts, nothing else
// (no javascript:, file:, custom protocols, credentials or odd ports). Electron-free.

/** Project homepage and documentation. Exact host names; subdomains are not implied. */
export const DEFAULT_EXTERNAL_HOSTS: readonly string[] = [
  'liquiditywatch.app',
  'www.liquiditywatch.app',
  'docs.liquiditywatch.app',
  'github.com',
]

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

/** The allow-list plus the configured service's own host when it is served over https. */
export function externalHostsFor(serviceBaseUrl: string | null): string[] {
  const hosts = [...DEFAULT_EXTERNAL_HOSTS]
  if (serviceBaseUrl) {
    try {
      const u = new URL(serviceBaseUrl)
      if (u.protocol === 'https:') hosts.push(u.hostname.toLowerCase())
    } catch {
      // An unparsable configured URL adds nothing.
    }
  }
  return hosts
}
