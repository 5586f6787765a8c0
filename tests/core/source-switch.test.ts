// Changing settings.baseUrl must not serve (or alert on) the previous source's cached data.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CACHE_FILE_NAME } from '../../src/main/engine/storage/cache'
import { cacheNamespace } from '../../src/main/engine/storage/cache-namespace'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { cycleThenWait, harness, row, tempDir, type Harness } from './helpers'

const KEY = 'sk-live-SECRET-0123456789'
let h: Harness | null = null
const services: LocalService[] = []
afterEach(async () => {
  await h?.close()
  h = null
  await Promise.all(services.splice(0).map((s) => s.close()))
})

async function service(clock: FakeClock): Promise<LocalService> {
  const s = await startLocalService({ now: () => clock.date(), apiKey: KEY })
  services.push(s)
  return s
}

describe('cache namespaces', () => {
  it('names demo "demo", live sources by normalized origin + path', () => {
    expect(cacheNamespace(null)).toBe('demo')
    const a = cacheNamespace('https://API.example.com:443/v1/')
    expect(a).toBe(cacheNamespace('https://api.example.com/v1'))
    expect(a).toMatch(/^https-api\.example\.com-v1-[0-9a-f]{10}$/)
    expect(cacheNamespace('https://api.example.com/v2')).not.toBe(a)
    expect(cacheNamespace('https://api.example.com:8443/v1')).not.toBe(a)
  })

  // Existing users' cache folders carry these names: the same URL must keep finding its cache.
  it.each([
    ['https://api.example.com', 'https-api.example.com-137b9e5e4e'],
    ['https://API.Example.com:443/v1/', 'https-api.example.com-v1-53aee2ca76'],
    ['https://api.example.com/v1', 'https-api.example.com-v1-53aee2ca76'],
    [
      'https://api.example.com:8443/liquidity/api/',
      'https-api.example.com-8443-liquidity-api-bc6698cf28',
    ],
    ['http://127.0.0.1:4321', 'http-127.0.0.1-4321-ab8d833d23'],
    ['http://localhost:8080/base', 'http-localhost-8080-base-8bb23627b9'],
    ['http://[::1]:9000', 'http-1-9000-819e6e9eb1'],
    ['  https://data.rwa.xyz/Path%20With/Case  ', 'https-data.rwa.xyz-Path-20With-Case-0ac63f1a31'],
    ['https://xn--bcher-kva.example/', 'https-xn-bcher-kva.example-edcf346bca'],
  ])('keeps the folder name of a valid URL as before: %s', (url, name) => {
    expect(cacheNamespace(url)).toBe(name)
  })

  it('a URL the Service URL rule refuses gets a name without any part of it (no key can leak)', () => {
    for (const bad of [
      'https://api.example.com/v1?api_key=sk-live-SECRET#frag',
      'https://user:sk-live-SECRET@api.example.com/v1',
      'not a url sk-live-SECRET',
    ]) {
      expect(cacheNamespace(bad)).toMatch(/^invalid-[0-9a-f]{10}$/)
    }
  })
})

describe('AppCore keeps each data source to itself', () => {
  it('live A → live B (unreachable) shows no A data; back to A shows A data again', async () => {
    const clock = new FakeClock()
    const a = await service(clock)
    const b = await service(clock)
    h = await harness({ clock, live: a, key: KEY, settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    const aRow = row(await h.core.getWatchlist(), 'TSLA')
    expect(aRow.totalTvl).toBeGreaterThan(0)
    await h.core.getAssetSeries('TSLA', 30)

    const bUrl = b.url
    await b.close()
    await h.core.updateSettings({ baseUrl: bUrl })
    // The user chose to use the saved key for B too (else nothing would be sent to B at all).
    await h.core.bindApiKey()
    // Before B's first cycle and after it fails: nothing of A is shown as B's.
    expect(row(await h.core.getWatchlist(), 'TSLA')).toMatchObject({
      totalTvl: null,
      fetchedAt: null,
    })
    await cycleThenWait(h)
    expect(row(await h.core.getWatchlist(), 'TSLA')).toMatchObject({
      totalTvl: null,
      fetchedAt: null,
    })
    expect(row(await h.core.getWatchlist(), 'TSLA').error).toMatchObject({ kind: 'network' })
    await expect(h.core.getAsset('TSLA')).rejects.toMatchObject({ kind: 'network' })
    await expect(h.core.getAssetSeries('TSLA', 30)).rejects.toMatchObject({ kind: 'network' })
    expect(await h.core.getKnownSymbols()).toEqual([])
    // B never answered: no last success of A is shown as B's.
    expect((await h.core.getStatus()).lastSuccessAt).toBeNull()

    await h.core.updateSettings({ baseUrl: a.url })
    expect(row(await h.core.getWatchlist(), 'TSLA')).toMatchObject({
      totalTvl: aRow.totalTvl,
      fetchedAt: aRow.fetchedAt,
    })
    // Back on A: its last answer (the series view, after the poll) from its cache.
    expect((await h.core.getStatus()).lastSuccessAt).toBe(
      new Date(Date.parse(aRow.fetchedAt!) + 5 * 60_000).toISOString(),
    )

    // Each source has its own cache file, named without the key.
    const names = await readdir(join(h.dir, 'caches'))
    expect(names).toEqual(expect.arrayContaining([cacheNamespace(a.url), cacheNamespace(bUrl)]))
    expect(names.join(' ')).not.toContain(KEY)
  })

  it("alerts do not continue across sources: B's first cycle is a fresh baseline, A's alert is not resolved by B", async () => {
    const clock = new FakeClock()
    const a = await service(clock)
    const b = await service(clock)
    h = await harness({ clock, live: a, key: KEY, settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h) // baseline
    a.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    b.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    await cycleThenWait(h)
    expect(row(await h.core.getWatchlist(), 'TSLA').alertState).toBe('pending')

    // The same breach seen on B is B's first observation, not A's second.
    await h.core.updateSettings({ baseUrl: b.url })
    await h.core.bindApiKey() // the user's explicit "use the saved key for this service too"
    expect(await h.core.getAlertInstances()).toEqual([])
    await cycleThenWait(h)
    expect(row(await h.core.getWatchlist(), 'TSLA').alertState).not.toBe('firing')
    expect(h.notified).toHaveLength(0)
    expect(h.alertEvents.filter((e) => e.type === 'fired')).toHaveLength(0)

    // B's own second breach fires; then A's healthy data must not "resolve" B's alert.
    await cycleThenWait(h)
    expect(h.notified.filter((n) => n.status === 'sent')).toHaveLength(1)
    a.scenarios.clear()
    await h.core.updateSettings({ baseUrl: a.url })
    await h.core.bindApiKey()
    await cycleThenWait(h)
    expect(h.alertEvents.filter((e) => e.type === 'resolved')).toHaveLength(0)
  })

  it('a restart with another baseUrl in settings starts the alert state afresh', async () => {
    const clock = new FakeClock()
    const a = await service(clock)
    h = await harness({ clock, live: a, key: KEY, settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    expect(await h.core.getAlertInstances()).toHaveLength(1)
    const state = JSON.parse(await readFile(join(h.dir, 'alert-state.json'), 'utf8')) as {
      source: string
    }
    expect(state.source).toBe(cacheNamespace(a.url))
    const { dir } = h
    await h.core.stop()
    h = await harness({ dir, clock, key: KEY, settings: { baseUrl: null } })
    expect(await h.core.getAlertInstances()).toEqual([])
    expect(row(await h.core.getWatchlist(), 'TSLA')).toMatchObject({
      totalTvl: null,
      alertState: 'nodata',
    })
  })

  it('adopts a cache file from before namespacing for the source it starts with, once', async () => {
    const clock = new FakeClock()
    const a = await service(clock)
    h = await harness({ clock, live: a, key: KEY, settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    const before = row(await h.core.getWatchlist(), 'TSLA')
    const file = join(h.dir, 'caches', cacheNamespace(a.url), CACHE_FILE_NAME)
    await h.core.stop()
    const legacy = await readFile(file, 'utf8')
    const { dir } = await tempDir()
    await writeFile(join(dir, CACHE_FILE_NAME), legacy)
    await h.close()
    h = await harness({ dir, clock, live: a, key: KEY, settings: { watchlist: ['TSLA'] } })
    expect(row(await h.core.getWatchlist(), 'TSLA')).toMatchObject({
      totalTvl: before.totalTvl,
      fetchedAt: before.fetchedAt,
    })
    expect(await readdir(dir)).not.toContain(CACHE_FILE_NAME)
  })
})
