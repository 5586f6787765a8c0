// One offline cache per data source, so switching the service address never serves (or feeds
// alerts with) another source's data. The namespace names a directory under <dataDir>/caches:
// 'demo' for the embedded service, otherwise a readable slug of the normalized origin + path and
// a short hash of it. Only origin and path count: query, fragment and user info (where a key
// could hide) never reach the name.
import { createHash } from 'node:crypto'
import { mkdir, rename, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { CACHE_FILE_NAME, ResponseCache, type CacheOpenOptions } from './cache'

export const DEMO_SOURCE = 'demo'
export const CACHES_DIR = 'caches'

/** The normalized identity of a base URL: scheme + host + port (lower-case) + path without trailing '/'. */
export function normalizeSource(baseUrl: string): string {
  let url: URL
  try {
    url = new URL(baseUrl.trim())
  } catch {
    // Not a URL (the connection will say so); still a stable, key-free identity.
    return `invalid:${baseUrl.trim()}`
  }
  // URL already lower-cases scheme and host and drops a default port; the path stays as typed.
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`
}

/** Directory-safe namespace of a source: 'demo', or e.g. 'https-api.example.com-v1-3f9a1c2b7d'. */
export function cacheNamespace(baseUrl: string | null): string {
  if (baseUrl === null) return DEMO_SOURCE
  const id = normalizeSource(baseUrl)
  const hash = createHash('sha256').update(id).digest('hex').slice(0, 10)
  const readable = id.startsWith('invalid:')
    ? 'invalid'
    : id
        .replace(/^([a-z]+):\/\//, '$1-')
        .replace(/[^A-Za-z0-9.-]+/g, '-')
        .replace(/-+/g, '-')
        .replace(/-$/, '')
        .slice(0, 60)
  return `${readable}-${hash}`
}

export function cacheDirFor(dataDir: string, namespace: string): string {
  return join(dataDir, CACHES_DIR, namespace)
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  )
}

/**
 * Opens the cache of one source. A cache file from before namespacing (in the data dir itself)
 * is adopted once by the source the app starts with: it is what that version last showed.
 */
export async function openSourceCache(
  dataDir: string,
  namespace: string,
  options: CacheOpenOptions & { adoptLegacy?: boolean } = {},
): Promise<ResponseCache> {
  const dir = cacheDirFor(dataDir, namespace)
  // A folder that cannot be made is ResponseCache.open's to report (it then runs in memory).
  await mkdir(dir, { recursive: true }).catch(() => undefined)
  const legacy = join(dataDir, CACHE_FILE_NAME)
  if (
    options.adoptLegacy &&
    (await exists(legacy)) &&
    !(await exists(join(dir, CACHE_FILE_NAME)))
  ) {
    await rename(legacy, join(dir, CACHE_FILE_NAME)).catch(() => undefined)
  }
  return ResponseCache.open(dir, options)
}
