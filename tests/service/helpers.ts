// Shared test plumbing for the local service: a movable clock, a tiny HTTP GET, and services a
// test starts (closed after it) with what they were sent.
import { afterEach } from 'vitest'
import {
  startLocalService,
  type LocalService,
  type LocalServiceOptions,
} from '../../src/dev-service/server'

export const NOON = Date.parse('2025-11-05T12:00:00Z')
export const DAY = 86_400_000

export interface TestClock {
  now: () => Date
  set(ms: number): void
}

export function clockAt(ms = NOON): TestClock {
  let t = ms
  return { now: () => new Date(t), set: (v) => (t = v) }
}

export async function start(
  opts: LocalServiceOptions = {},
): Promise<LocalService & { clock: TestClock }> {
  const clock = clockAt()
  const svc = await startLocalService({ now: clock.now, ...opts })
  return Object.assign(svc, { clock })
}

export interface Got {
  status: number
  headers: Headers
  text: string
  body: unknown
}

/** GET with the service's key unless `key` says otherwise (null: no Authorization header). */
export async function get(
  svc: { url: string; apiKey: string },
  path: string,
  key: string | null = svc.apiKey,
): Promise<Got> {
  const headers: Record<string, string> = key === null ? {} : { authorization: `Bearer ${key}` }
  const res = await fetch(`${svc.url}${path}`, { headers })
  const text = await res.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: res.status, headers: res.headers, text, body }
}

/** Body of a successful GET; fails the test with the body when the status is not 200. */
export async function ok<T = Record<string, unknown>>(
  svc: { url: string; apiKey: string },
  path: string,
): Promise<T> {
  const r = await get(svc, path)
  if (r.status !== 200) throw new Error(`GET ${path} → ${r.status}: ${r.text}`)
  return r.body as T
}

export function errorOf(r: Got): { code: string; message: string } {
  return (r.body as { error: { code: string; message: string } }).error
}

export const ASSET = '/api/v0/liquidity/asset/'
export const ANALYTICS = '/api/v0/liquidity/analytics'

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/**
 * Registers an afterEach that closes every service the returned function started during the test,
 * pass or fail. Call it at the top of a test file.
 */
export function servicesPerTest(opts: LocalServiceOptions): () => Promise<LocalService> {
  let services: LocalService[] = []
  afterEach(async () => {
    await Promise.all(services.map((s) => s.close()))
    services = []
  })
  return async () => {
    const s = await startLocalService(opts)
    services.push(s)
    return s
  }
}

/** The Authorization headers a service received, in order (requests without one left out). */
export const sent = (s: LocalService): string[] =>
  s
    .requestLog()
    .map((r) => r.authorization)
    .filter((x): x is string => x !== null)
