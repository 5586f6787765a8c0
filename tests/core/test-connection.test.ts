// "Test connection" sends the stored key only to the saved service. Another URL is tested with a
// key typed for that test, or with none. Proven by what each local service received (its request
// log), with the key in the real keychain (scripts/with-keyring.sh).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { harness, type Harness } from './helpers'

const SAVED_KEY = 'sk-saved-0123456789abcdef'
const OTHER_KEY = 'sk-other-0123456789abcdef'

let h: Harness | null = null
let services: LocalService[] = []
afterEach(async () => {
  clock = new FakeClock()
  await h?.close()
  h = null
  await Promise.all(services.map((s) => s.close()))
  services = []
})

/** Every service and the core share one fake clock, so served dates are never "in the future". */
let clock = new FakeClock()

async function service(apiKey: string): Promise<LocalService> {
  const s = await startLocalService({ apiKey, now: () => clock.date() })
  services.push(s)
  return s
}

const authHeaders = (s: LocalService): (string | null)[] =>
  s.requestLog().map((r) => r.authorization)

describe('testConnection and the stored key', () => {
  it('an unsaved URL without a typed key: no key is sent; the result says it is reachable but needs a key', async () => {
    const saved = await service(SAVED_KEY)
    const other = await service(OTHER_KEY)
    h = await harness({ clock, live: saved, key: SAVED_KEY })
    const r = await h.core.testConnection({ baseUrl: other.url })
    expect(other.requestLog().length).toBeGreaterThan(0)
    expect(authHeaders(other)).toEqual(other.requestLog().map(() => null))
    expect(r).toMatchObject({ ok: false, kind: 'auth', key: 'none', latencyMs: null })
    expect(r.message).toMatch(/answers, but it needs an API key/)
    expect(r.message).toMatch(/key for this test/)
    expect(JSON.stringify(h.logLines)).not.toContain(SAVED_KEY)
  })

  it('an unsaved URL with a typed key: exactly that key is sent, and it is stored, logged or echoed nowhere', async () => {
    const saved = await service(SAVED_KEY)
    const other = await service(OTHER_KEY)
    h = await harness({ clock, live: saved, key: SAVED_KEY })
    const r = await h.core.testConnection({ baseUrl: other.url, apiKey: OTHER_KEY })
    expect(r).toMatchObject({ ok: true, kind: null, key: 'typed' })
    expect(new Set(authHeaders(other))).toEqual(new Set([`Bearer ${OTHER_KEY}`]))
    const wrong = 'sk-typo-0123456789abcdef'
    const bad = await h.core.testConnection({ baseUrl: other.url, apiKey: wrong })
    expect(bad).toMatchObject({ ok: false, kind: 'auth', key: 'typed' })
    expect(JSON.stringify([r, bad])).not.toMatch(/sk-other|sk-typo/)
    // The typed key replaced nothing: the keychain and the saved service keep the stored key.
    expect(await h.core.getKeyStatus()).toMatchObject({ stored: true })
    await h.core.refreshNow()
    expect(authHeaders(saved).every((a) => a === `Bearer ${SAVED_KEY}`)).toBe(true)
    expect(authHeaders(saved).length).toBeGreaterThan(0)
    expect(JSON.stringify([h.logLines, h.statuses])).not.toMatch(/sk-other|sk-typo/)
    expect(readFileSync(join(h.dir, 'settings.json'), 'utf8')).not.toMatch(/sk-other|sk-typo/)
  })

  it('the saved URL (compared normalised) is tested with the stored key', async () => {
    const saved = await service(SAVED_KEY)
    h = await harness({ clock, live: saved, key: SAVED_KEY })
    const r = await h.core.testConnection({ baseUrl: `${saved.url.toUpperCase()}/` })
    expect(r).toMatchObject({ ok: true, kind: null, key: 'saved' })
    expect(new Set(authHeaders(saved))).toEqual(new Set([`Bearer ${SAVED_KEY}`]))
  })

  it('in demo mode a live URL never gets the stored key either', async () => {
    const other = await service(OTHER_KEY)
    h = await harness({ clock, key: SAVED_KEY })
    const r = await h.core.testConnection({ baseUrl: other.url })
    expect(r).toMatchObject({ ok: false, kind: 'auth', key: 'none' })
    expect(authHeaders(other).every((a) => a === null)).toBe(true)
    expect(await h.core.testConnection({ baseUrl: null })).toMatchObject({ ok: true, key: 'demo' })
  })

  it('an unreachable unsaved URL without a key says so plainly', async () => {
    const gone = await service(OTHER_KEY)
    const url = gone.url
    await gone.close()
    h = await harness({ clock, key: SAVED_KEY })
    const r = await h.core.testConnection({ baseUrl: url })
    expect(r).toMatchObject({ ok: false, kind: 'network', key: 'none', latencyMs: null })
  })
})

describe('testConnection while the service rate-limits us', () => {
  it('a second test during the hold fails at once with "rate-limited until", sending nothing', async () => {
    const saved = await service(SAVED_KEY)
    h = await harness({ clock, live: saved, key: SAVED_KEY })
    saved.faults.inject({ kind: 'status', status: 429, retryAfter: '60', times: 1 })
    const first = await h.core.testConnection({ baseUrl: saved.url })
    expect(first).toMatchObject({ ok: false, kind: 'rate-limited' })
    const sent = saved.requestLog().length
    // The hold (60 s) is shorter than what a poll may wait out; the user at the screen is not kept waiting.
    const r = await h.core.testConnection({ baseUrl: saved.url })
    expect(r).toMatchObject({ ok: false, kind: 'rate-limited', key: 'saved' })
    expect(r.message).toMatch(/rate-limited until \d{2}:\d{2}/)
    expect(saved.requestLog()).toHaveLength(sent)
  })
})
