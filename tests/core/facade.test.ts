import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { startLocalService } from '../../src/dev-service/server'
import { harness, liveHarness, row, until, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('AppCore watchlist', () => {
  it('validates a symbol against the service, passing on its hint for the wrong case', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    await expect(h.core.addSymbol('tsla')).rejects.toMatchObject({
      kind: 'not-found',
      message: expect.stringContaining('did you mean TSLA?'),
    })
    expect((await h.core.getSettings()).watchlist).toEqual(['TSLA'])
  })

  it('adds (deduped, persisted, shown from fresh data, then polled) and removes symbols', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    h.core.start()
    await h.clock.advance(0)
    await until(async () => !(await h!.core.getStatus()).refreshing)
    const requests = h.service.stats().requests
    const rows = await h.core.addSymbol('MSFT')
    expect(rows.map((r) => r.symbol)).toEqual(['TSLA', 'MSFT'])
    expect(row(rows, 'MSFT')).toMatchObject({ assetType: 'stock', stale: false })
    expect(row(rows, 'MSFT').totalTvl).toBeGreaterThan(0)
    expect(h.rowsEmitted.at(-1)!.map((r) => r.symbol)).toEqual(['TSLA', 'MSFT'])
    expect(await h.core.addSymbol('MSFT')).toHaveLength(2)
    const file = JSON.parse(await readFile(join(h.dir, 'settings.json'), 'utf8')) as {
      watchlist: string[]
    }
    expect(file.watchlist).toEqual(['TSLA', 'MSFT'])
    // The add triggers a refresh cycle that includes the new symbol.
    await until(async () => (await h!.core.getAlertInstances()).some((i) => i.symbol === 'MSFT'))
    expect(h.service.stats().requests).toBeGreaterThan(requests + 1)
    expect((await h.core.removeSymbol('TSLA')).map((r) => r.symbol)).toEqual(['MSFT'])
    expect((await h.core.getSettings()).watchlist).toEqual(['MSFT'])
  })

  it('lists known symbols from the analytics of the asset types in use', async () => {
    h = await harness({ settings: { watchlist: ['TSLA', 'GOLD'] } })
    await h.core.refreshNow()
    const known = await h.core.getKnownSymbols()
    expect(known).toEqual(
      expect.arrayContaining([
        { symbol: 'MSFT', assetType: 'stock' },
        { symbol: 'GOLD', assetType: 'commodity' },
      ]),
    )
    const rows = await h.core.getWatchlist()
    expect(row(rows, 'GOLD').sparkline).toHaveLength(30)
  })
})

describe('AppCore data views', () => {
  it('serves asset, series and analytics fresh, then from the cache with their as-of when the service is gone', async () => {
    h = await liveHarness({ settings: { watchlist: ['GOLD'] } })
    const { clock: c, service: svc } = h
    const asset = await h.core.getAsset('GOLD')
    expect(asset).toMatchObject({
      fromCache: false,
      stale: false,
      fetchedAt: c.date().toISOString(),
    })
    const series = await h.core.getAssetSeries('GOLD', 30)
    expect(series.data).toHaveLength(30)
    const q = { groupBy: 'total' as const, assetType: 'stock' as const, days: 7 }
    const total = await h.core.getAnalytics(q)
    expect(total.data.groupBy).toBe('total')
    const at = c.date().toISOString()
    await svc.close()
    c.jump(60 * 60_000)
    const a2 = await h.core.getAsset('GOLD')
    expect(a2).toMatchObject({ fromCache: true, stale: true, fetchedAt: at, data: asset.data })
    expect(await h.core.getAssetSeries('GOLD', 30)).toMatchObject({
      fromCache: true,
      fetchedAt: at,
      data: series.data,
    })
    expect(await h.core.getAnalytics(q)).toMatchObject({ fromCache: true, fetchedAt: at })
    await expect(h.core.getAsset('NVDA')).rejects.toMatchObject({ kind: 'network' })
  })
})

describe('AppCore connection and notifications', () => {
  it('testConnection reports success, a wrong key and an unreachable service in plain words', async () => {
    const svc = await startLocalService({ apiKey: 'sk-other-0123456789' })
    try {
      h = await harness()
      expect(await h.core.testConnection({ baseUrl: null })).toMatchObject({ ok: true, kind: null })
      expect(
        await h.core.testConnection({ baseUrl: svc.url, apiKey: 'sk-wrong-0123456789' }),
      ).toMatchObject({ ok: false, kind: 'auth', message: expect.stringMatching(/did not accept/) })
      const closed = svc.url
      await svc.close()
      const r = await h.core.testConnection({ baseUrl: closed })
      expect(r).toMatchObject({ ok: false, kind: 'network', latencyMs: null })
    } finally {
      await svc.close()
    }
  })

  it('sendTestNotification sends unless notifications are disabled, and logs either way', async () => {
    h = await harness()
    const sent = await h.core.sendTestNotification()
    expect(sent.status).toBe('sent')
    expect(h.notified).toEqual([sent])
    await h.core.updateSettings({ notifications: { enabled: false, notifyUnverified: false } })
    expect(await h.core.sendTestNotification()).toMatchObject({
      status: 'suppressed',
      reason: 'disabled',
    })
    expect(h.notified).toHaveLength(1)
    expect((await h.core.getNotificationLog()).map((l) => l.decision.status)).toEqual([
      'suppressed',
      'sent',
    ])
  })

  it('switching baseUrl reconnects: demo → live → demo', async () => {
    // The service's data is dated by the same clock as the app (the client refuses future dates).
    const clock = new FakeClock()
    const svc = await startLocalService({ apiKey: 'sk-live-0123456789', now: () => clock.date() })
    try {
      // The key was entered for that service earlier (it is bound to it).
      h = await harness({ key: 'sk-live-0123456789', keyFor: svc.url, clock })
      expect((await h.core.getStatus()).mode).toBe('demo')
      await h.core.updateSettings({ baseUrl: svc.url })
      const s = await h.core.refreshNow()
      expect(s).toMatchObject({ mode: 'live', baseUrl: svc.url, lastError: null })
      expect(svc.stats().requests).toBeGreaterThan(0)
      await h.core.updateSettings({ baseUrl: null })
      expect((await h.core.getStatus()).mode).toBe('demo')
    } finally {
      await svc.close()
    }
  })
})

describe('AppCore notices', () => {
  it('a settings file repaired at start stays visible in the status, naming the kept file', async () => {
    const { mkdtemp, writeFile } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const dir = await mkdtemp(join(tmpdir(), 'lw-notice-'))
    await writeFile(join(dir, 'settings.json'), '{ not json')
    h = await harness({ dir })
    const { notices } = await h.core.getStatus()
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatch(
      /settings file \S+settings\.json is not valid JSON.*default settings.*settings\.json\.corrupt-/,
    )
    await h.core.refreshNow()
    expect((await h.core.getStatus()).notices).toEqual(notices)
  })
})
