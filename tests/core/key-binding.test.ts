// The stored key belongs to the service it was entered for (its origin). Saving another Service URL
// does not send it there; the user re-binds it explicitly or enters a key for the new service.
// Proven by what each local service received (its request log), with the key in the real keychain
// (scripts/with-keyring.sh).
import { afterEach, describe, expect, it } from 'vitest'
import { KeytarSecretStore } from '../../src/main/engine/secrets/secret-store-keytar'
import type { LocalService } from '../../src/dev-service/server'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { servicesPerTest } from '../service/helpers'
import { harness, secretStore, type Harness } from './helpers'

const KEY = 'sk-stored-0123456789abcdef'

let h: Harness | null = null
/** Every service and the core share one fake clock, so served dates are never "in the future". */
let clock = new FakeClock()
/** Both services accept the same key: only the binding can keep it from the second. */
const service = servicesPerTest({ apiKey: KEY, now: () => clock.date() })
// Registered after the services' afterEach, so it runs first: the core stops before its services.
afterEach(async () => {
  await h?.close()
  h = null
  clock = new FakeClock()
})

const auth = (s: LocalService): (string | null)[] => s.requestLog().map((r) => r.authorization)

describe('the stored key is bound to the service it was entered for', () => {
  it('saving another Service URL does not send the key there; status and key status say why', async () => {
    const a = await service()
    const b = await service()
    h = await harness({ clock, live: a, key: KEY })
    await h.core.refreshNow()
    expect(auth(a).length).toBeGreaterThan(0)
    expect(auth(a).every((x) => x === `Bearer ${KEY}`)).toBe(true)

    await h.core.updateSettings({ baseUrl: b.url })
    const status = await h.core.refreshNow()
    expect(auth(b).filter((x) => x !== null)).toEqual([])
    const said = `The saved API key was entered for ${a.url}; enter a key for ${b.url}`
    expect(status.lastError?.message).toContain(said)
    expect(status.lastError?.kind).toBe('auth')
    const key = await h.core.getKeyStatus()
    expect(key).toMatchObject({ stored: true, boundTo: a.url })
    expect(key.mismatch).toContain(said)

    // Switching back: the key goes to its own service again.
    await h.core.updateSettings({ baseUrl: a.url })
    const back = await h.core.refreshNow()
    expect(back.lastError).toBeNull()
    expect((await h.core.getKeyStatus()).mismatch).toBeNull()
    expect(auth(b).filter((x) => x !== null)).toEqual([])
  })

  it('"use the saved key for this service too" re-binds it, as an explicit action', async () => {
    const a = await service()
    const b = await service()
    h = await harness({ clock, live: a, key: KEY })
    await h.core.updateSettings({ baseUrl: b.url })
    await h.core.refreshNow()
    expect(auth(b).filter((x) => x !== null)).toEqual([])
    const bound = await h.core.bindApiKey()
    expect(bound).toMatchObject({ stored: true, boundTo: b.url, mismatch: null })
    const status = await h.core.refreshNow()
    expect(status.lastError).toBeNull()
    expect(auth(b).filter((x) => x !== null).length).toBeGreaterThan(0)
    expect(auth(b).every((x) => x === null || x === `Bearer ${KEY}`)).toBe(true)
    // The binding moved: the first service no longer gets it.
    const sentToA = auth(a).length
    await h.core.updateSettings({ baseUrl: a.url })
    await h.core.refreshNow()
    expect(
      auth(a)
        .slice(sentToA)
        .filter((x) => x !== null),
    ).toEqual([])
  })

  it('a key entered while another service is saved is bound to that one', async () => {
    const a = await service()
    const b = await service()
    h = await harness({ clock, live: a, key: KEY })
    await h.core.updateSettings({ baseUrl: b.url })
    expect(await h.core.setApiKey(KEY)).toMatchObject({ boundTo: b.url, mismatch: null })
    expect((await h.core.refreshNow()).lastError).toBeNull()
    expect(auth(b).filter((x) => x !== null).length).toBeGreaterThan(0)
  })

  it('a key stored before keys were bound is bound to the service saved at the first start', async () => {
    const a = await service()
    const b = await service()
    const store = await secretStore(null)
    if (!(store instanceof KeytarSecretStore)) return expect.fail('needs the real keychain')
    // The old format: the bare key in the entry.
    const keytar = (await import('keytar')).default
    await keytar.setPassword(store.service, store.account, KEY)
    h = await harness({ clock, live: a, secrets: store })
    await h.core.refreshNow()
    expect(auth(a).filter((x) => x === `Bearer ${KEY}`).length).toBeGreaterThan(0)
    expect(await h.core.getKeyStatus()).toMatchObject({ stored: true, boundTo: a.url })
    // The entry now carries its origin; the key itself is unchanged.
    expect(await store.get()).toBe(KEY)
    expect((await store.read())?.origin).toBe(a.url)
    await h.core.updateSettings({ baseUrl: b.url })
    await h.core.refreshNow()
    expect(auth(b).filter((x) => x !== null)).toEqual([])
  })

  it('a key saved while on the demo data goes to no live service until the user binds it', async () => {
    const b = await service()
    h = await harness({ clock, key: null })
    await h.core.setApiKey(KEY)
    await h.core.refreshNow()
    expect(h.service.requestLog().map((r) => r.authorization)).not.toContain(`Bearer ${KEY}`)
    await h.core.updateSettings({ baseUrl: b.url })
    const status = await h.core.refreshNow()
    expect(auth(b).filter((x) => x !== null)).toEqual([])
    expect(status.lastError?.message).toMatch(/not tied to a service/)
    await h.core.bindApiKey()
    expect((await h.core.refreshNow()).lastError).toBeNull()
  })

  it('demo mode (the embedded service) never gets the real key', async () => {
    h = await harness({ clock, key: KEY })
    await h.core.refreshNow()
    const sent = h.service.requestLog().map((r) => r.authorization)
    expect(sent.length).toBeGreaterThan(0)
    expect(sent).not.toContain(`Bearer ${KEY}`)
    expect(sent.every((x) => x === `Bearer ${h!.service.apiKey}`)).toBe(true)
  })

  it('Test connection of the saved service does not send a key entered for another one', async () => {
    const a = await service()
    const b = await service()
    h = await harness({ clock, live: a, key: KEY, keyFor: b.url })
    const r = await h.core.testConnection({ baseUrl: a.url })
    expect(r).toMatchObject({ ok: false, kind: 'auth', key: 'none' })
    expect(r.message).toContain(`The saved API key was entered for ${b.url}`)
    expect(auth(a).filter((x) => x !== null)).toEqual([])
  })
})
