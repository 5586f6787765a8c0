// Demo mode lets a newcomer watch an alert fire, be notified and recover (issue 22, item 21): the
// demo badge plays a story on the embedded demo service's data. Real core, the embedded service
// over HTTP, a fake clock; the OS notification is the recorded boundary.
import { afterEach, describe, expect, it } from 'vitest'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { cycleThenWait, harness, liveHarness, row, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('demo stories', () => {
  it('a TVL drop fires the default rule on the second poll, notifies, and resolves back to normal', async () => {
    h = await harness({ settings: { watchlist: ['TSLA', 'NVDA'] } })
    await cycleThenWait(h)
    expect(row(await h.core.getWatchlist(), 'TSLA').alertState).toBe('ok')

    const status = await h.core.playDemoStory({ story: 'drop' })
    expect(status.demoStory).toMatchObject({ story: 'drop', symbol: 'TSLA' })
    expect(status.demoStory!.line).toContain('TSLA loses 25 %')

    await cycleThenWait(h)
    expect(row(await h.core.getWatchlist(), 'TSLA').alertState).toBe('pending')
    await cycleThenWait(h)
    const rows = await h.core.getWatchlist()
    expect(row(rows, 'TSLA').alertState).toBe('firing')
    expect(row(rows, 'NVDA').alertState).toBe('ok')
    expect(h.notified).toHaveLength(1)
    expect(h.notified[0]).toMatchObject({ status: 'sent', symbol: 'TSLA' })

    const after = await h.core.playDemoStory({ story: 'recover' })
    expect(after.demoStory).toBeNull()
    await cycleThenWait(h)
    expect(row(await h.core.getWatchlist(), 'TSLA').alertState).toBe('resolved')
    expect(h.alertEvents.map((e) => e.type)).toEqual(expect.arrayContaining(['fired', 'resolved']))
  })

  it('a migration keeps the total (no alert), an exit and a price move fire; one story at a time', async () => {
    const clock = new FakeClock(Date.UTC(2026, 2, 10, 15, 20))
    h = await harness({ clock, settings: { watchlist: ['TSLA'] }, deps: { seedDemoHistory: true } })
    await cycleThenWait(h)
    const before = row(await h.core.getWatchlist(), 'TSLA').totalTvl!

    const migration = await h.core.playDemoStory({ story: 'migration' })
    expect(migration.demoStory!.line).toMatch(/moves to .* the total stays/)
    await cycleThenWait(h)
    const moved = row(await h.core.getWatchlist(), 'TSLA')
    expect(moved.alertState).toBe('ok')
    expect(Math.abs(moved.totalTvl! / before - 1)).toBeLessThan(0.01)
    expect((await h.core.getAssetMigration('TSLA')).moves.kind).toBe('migration')

    for (const story of ['exit', 'price-move'] as const) {
      await h.core.playDemoStory({ story: 'recover' })
      await cycleThenWait(h)
      const s = await h.core.playDemoStory({ story })
      expect(s.demoStory?.story).toBe(story)
      await cycleThenWait(h)
      expect(row(await h.core.getWatchlist(), 'TSLA').change7d!.pct, story).toBeLessThan(-12)
      if (story === 'exit') expect((await h.core.getAssetMigration('TSLA')).moves.kind).toBe('exit')
      // The price did it, not tokens leaving: flow vs price says so.
      if (story === 'price-move') {
        const flow = (await h.core.getAssetFlow('TSLA')).flow
        expect(flow.kind === 'split' && flow.pricePct < -15 && flow.netFlowPct > -5).toBe(true)
      }
    }
  })

  it('is refused on a live service, and when no watched symbol suits the story', async () => {
    h = await harness({ settings: { watchlist: ['ZZZZ'] } })
    await expect(h.core.playDemoStory({ story: 'drop' })).rejects.toThrow(
      /add TSLA .* to the watchlist/,
    )
    await h.close()
    h = await liveHarness({ settings: { watchlist: ['TSLA'] } })
    await expect(h.core.playDemoStory({ story: 'drop' })).rejects.toMatchObject({
      kind: 'invalid-argument',
      message: expect.stringContaining('demo data only') as unknown,
    })
    expect((await h.core.getStatus()).demoStory).toBeNull()
  })
})
