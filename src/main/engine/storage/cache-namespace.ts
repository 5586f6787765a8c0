// One offline cache per data source, so switching the service address never serves (or feeds
// alerts with) another source's data. The namespace names a directory under <dataDir>/caches:
// 'demo' for the embedded service, otherwise a readable slug of the normalized origin + path and
// a short hash of it (normalised by the one Service URL rule, shared/service-url.ts).
import { createHash } from 'node:crypto'
import { mkdir, rename, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { checkServiceUrl } from '../../../shared/service-url'
import { CACHE_FILE_NAME, ResponseCache, type CacheOpenOptions } from './cache'

export const DEMO_SOURCE = 'demo'
export const CACHES_DIR = 'caches'

/**
 * Directory-safe namespace of a source: 'demo', or e.g. 'https-api.example.com-v1-3f9a1c2b7d' — a
 * readable slug and a short hash of the URL as the Service URL rule normalises it. A URL the rule
 * refuses (it cannot be saved, so no cache should exist for it) gets 'invalid-<hash>': no part of
 * it, where a key could hide, reaches the name.
 */
export function cacheNamespace(baseUrl: string | null): string {
  if (baseUrl === null) return DEMO_SOURCE
  const r = checkServiceUrl(baseUrl)
  // The hashed identity is the one names had before the shared rule (existing folders stay found).
  const id = r.ok ? r.url : `invalid:${baseUrl.trim()}`
  const hash = createHash('sha256').update(id).digest('hex').slice(0, 10)
  const readable = !r.ok
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
