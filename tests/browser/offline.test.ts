// The service goes away: after the scheduler's failures the status is offline, a banner says so
// with the as-of time of the data still shown, rows keep their cached figures, and the asset
// view answers from the cache.
import { describe, expect, it } from 'vitest'
import type { EngineStatus } from '../../src/shared/view-models'
import { useBrowserApps } from './harness'
import { POLL, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

describe('service stopped', () => {
  it('shows the offline banner with the as-of time and keeps the cached data', async () => {
    const app = await suite.start()
    const { page } = app
    const online = await waitForTvl(page, 4)
    const { lastSuccessAt } = await app.core.getStatus()
    expect(lastSuccessAt).not.toBeNull()

    await app.closeService()
    // The scheduler calls it an outage after consecutive failed cycles; ask for them from the page.
    for (let i = 0; i < 3; i++) await app.invoke('refreshNow')
    await app.bridge.settled()

    const banner = page.getByTestId('banner-offline')
    await expect.poll(() => banner.isVisible(), POLL).toBe(true)
    const text = (await banner.textContent()) ?? ''
    expect(text).toMatch(/offline/i)
    // The page runs in UTC with en-US formatting: the as-of is the last success, HH:MM.
    expect(text).toContain(`showing data from ${lastSuccessAt!.slice(11, 16)}`)
    expect(text).toMatch(/reach|network|connect/i)
    expect(await page.getByTestId('status-bar').getAttribute('data-connection')).toBe('offline')
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
})
