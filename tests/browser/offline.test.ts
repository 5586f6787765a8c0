// The service goes away: after the scheduler's failures the status is offline, a banner says so
// with the as-of time (and age) of the data still shown, rows keep their cached figures with their
// own as-of and stale note beside their error, and the asset view answers from the cache. After a
// restart the time of the last success comes back from disk.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { EngineStatus } from '../../src/shared/view-models'
import { useBrowserApps, type App } from './harness'
import { POLL, SLOW, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()
const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** Rows can show from the cache before the first poll has finished: wait for the poll itself. */
async function firstSuccess(app: App): Promise<string> {
  await expect.poll(async () => (await app.core.getStatus()).connection, POLL).toBe('online')
  return (await app.core.getStatus()).lastSuccessAt!
}

/**
 * The scheduler calls it an outage after consecutive failed cycles; ask for them from the page until
 * it does ("Refresh now" joins a poll in flight, which may have been answered before the close).
 */
async function goOffline(app: App): Promise<void> {
  await app.closeService()
  await expect
    .poll(async () => {
      await app.invoke('refreshNow')
      return (await app.core.getStatus()).connection
    }, SLOW)
    .toBe('offline')
  await app.bridge.settled()
  await expect
    .poll(() => app.page.getByTestId('status-bar').getAttribute('data-connection'), POLL)
    .toBe('offline')
}

/** "14:05", or "Jun 2, 14:05" on another day (the page runs in UTC, en-US). */
function shownTime(iso: string): RegExp {
  return new RegExp(`(\\w{3} \\d{1,2}, )?${iso.slice(11, 16)}`)
}

/** Runs the app once on a kept data dir until its first poll, closes it, and returns the dir. */
async function ranOnce(): Promise<{ dataDir: string; lastSuccessAt: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lw-browser-restart-'))
  dirs.push(dataDir)
  const first = await suite.start({ dataDir, settings: (s) => s })
  await waitForTvl(first.page, 4)
  const lastSuccessAt = await firstSuccess(first)
  await first.close()
  return { dataDir, lastSuccessAt }
}

describe('service stopped', () => {
  it('shows the offline banner with the as-of time and keeps the cached data', async () => {
    const app = await suite.start()
    const { page } = app
    const online = await waitForTvl(page, 4)
    const lastSuccessAt = await firstSuccess(app)

    await goOffline(app)
    const banner = page.getByTestId('banner-offline')
    await expect.poll(() => banner.isVisible(), POLL).toBe(true)
    const text = (await banner.textContent()) ?? ''
    expect(text).toMatch(/offline/i)
    // The page runs in UTC with en-US formatting: the as-of is the last success, HH:MM, and its age.
    expect(text).toContain(`showing data from ${lastSuccessAt.slice(11, 16)}, `)
    expect(text).toMatch(/, (just now|1 min ago)/)
    expect(text).toMatch(/reach|network|connect/i)
    const lastStatus = app.bridge.events('statusChanged').at(-1)?.payload as EngineStatus
    expect(lastStatus.connection).toBe('offline')
    expect(lastStatus.lastSuccessAt).toBe(lastSuccessAt)

    // Cached figures stay on screen.
    expect(await waitForTvl(page, 4)).toEqual(online)

    // The asset view answers from the cache and says so.
    await page.locator('tr[data-symbol="GOLD"]').focus()
    await page.keyboard.press('Enter')
    await waitForView(page, 'asset')
    const fetched = page.getByTestId('asset-fetched')
    await expect.poll(() => fetched.getAttribute('data-from-cache'), POLL).toBe('true')
    expect(await fetched.textContent()).toMatch(/from cache/i)
    expect(await page.getByTestId('kpis').textContent()).toMatch(/\$\d/)
    await app.screenshot('offline-asset-light')
    expect(app.pageErrors).toEqual([])
  })

  it('after a restart with the service gone: banner and status bar give the time of the last success', async () => {
    const { dataDir, lastSuccessAt } = await ranOnce()
    const app = await suite.start({ dataDir, start: false })
    await waitForTvl(app.page, 4)
    await expect
      .poll(() => app.page.getByTestId('last-updated').textContent(), POLL)
      .toBe(lastSuccessAt.slice(11, 16))
    await goOffline(app)
    const text = (await app.page.getByTestId('banner-offline').textContent()) ?? ''
    expect(text).not.toMatch(/no data has been loaded/)
    expect(text).toContain(`showing data from ${lastSuccessAt.slice(11, 16)}, `)
    expect(app.pageErrors).toEqual([])
  })

  it('after a restart on 2-hour-old data: "showing data from HH:MM, 2 h ago" once in the banner, and every row shows its own stale as-of', async () => {
    const { dataDir } = await ranOnce()
    // Two hours pass before the next start: the cache on disk is what it would then be.
    const file = join(dataDir, 'caches', 'demo', 'response-cache.json')
    const cache = JSON.parse(readFileSync(file, 'utf8')) as {
      entries: Record<string, { fetchedAt: string }>
    }
    const asOf = new Date(Date.now() - 2 * 3600_000).toISOString()
    for (const e of Object.values(cache.entries)) e.fetchedAt = asOf
    writeFileSync(file, JSON.stringify(cache))

    const app = await suite.start({ dataDir, start: false })
    await waitForTvl(app.page, 4)
    await goOffline(app)
    const banner = app.page.getByTestId('banner-offline')
    await expect.poll(() => banner.textContent(), POLL).toMatch(/2 h ago/)
    expect(await banner.textContent()).toMatch(
      new RegExp(`Offline — showing data from ${shownTime(asOf).source}, 2 h ago\\.`),
    )
    const rows = app.page.locator('[data-testid="watchlist-table"] tbody tr[data-symbol]')
    // Offline is a problem of the whole poll: the banner says it, no row repeats it (U16).
    expect(await rows.locator('[data-testid="row-error"]').count()).toBe(0)
    const notes = await rows.locator('[data-testid="row-asof"]').allTextContents()
    expect(notes).toHaveLength(4)
    for (const n of notes)
      expect(n).toMatch(new RegExp(`^Stale — data from ${shownTime(asOf).source}$`))
    await app.screenshot('offline-restart-light')
    expect(app.pageErrors).toEqual([])
  })

  it('right after a restart with the service down: one failed poll says Offline with the data’s time everywhere, and the asset badge says the figures are cached, not Error', async () => {
    const { dataDir, lastSuccessAt } = await ranOnce()
    const app = await suite.start({ dataDir, start: false })
    await waitForTvl(app.page, 4)
    await app.closeService()
    await app.invoke('refreshNow')
    const at = lastSuccessAt.slice(11, 16)
    const banner = app.page.getByTestId('banner-offline')
    await expect.poll(() => banner.isVisible(), POLL).toBe(true)
    expect(await banner.textContent()).toMatch(new RegExp(`^Offline — showing data from ${at}, `))
    const state = app.page.getByTestId('link-state')
    await expect.poll(() => state.textContent(), POLL).toBe('Offline')
    expect(await state.getAttribute('title')).toMatch(
      new RegExp(`^Offline — showing data from ${at}, `),
    )
    // No second banner says it in other words.
    expect(await app.page.getByTestId('banner-error').count()).toBe(0)

    await app.page.locator('tr[data-symbol="GOLD"]').focus()
    await app.page.keyboard.press('Enter')
    await waitForView(app.page, 'asset')
    const badge = app.page.locator('.head .badge').first()
    await expect.poll(() => badge.textContent(), POLL).not.toBe('Error')
    expect(await app.page.locator('.head [data-state="error"]:not([data-cached])').count()).toBe(0)
    await app.screenshot('offline-after-restart-asset-light')
    expect(app.pageErrors).toEqual([])
  })

  it('offline, the Alerts view badges the rules\u2019 last values as cached from their time, never Error', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    const lastSuccessAt = await firstSuccess(app)
    await goOffline(app)
    await page.getByTestId('nav-alerts').click()
    await waitForView(page, 'alerts')
    const rows = page.locator('[data-testid="alert-instances"] tbody tr')
    await expect.poll(() => rows.count(), POLL).toBeGreaterThan(0)
    await expect
      .poll(
        () => page.locator('[data-testid="alert-instances"] [data-state="error"]').count(),
        POLL,
      )
      .toBeGreaterThan(0)
    // Every instance not judged this poll but with a value shows what that value is.
    const bare = page.locator(
      '[data-testid="alert-instances"] .badge[data-state="error"]:not([data-cached])',
    )
    expect(await bare.count()).toBe(0)
    const cached = page
      .locator('[data-testid="alert-instances"] .badge[data-cached="true"]')
      .first()
    expect(await cached.textContent()).toMatch(shownTime(lastSuccessAt))
    expect(await cached.textContent()).toMatch(/^Cached from /)
    expect(app.pageErrors).toEqual([])
  })
})
