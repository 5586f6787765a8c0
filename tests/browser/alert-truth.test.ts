// Alert truth in the UI, through the real core: a drop whose reported tvlChange contradicts the
// history is not judged — the row and the Alerts view say why, nothing fires and nothing reaches
// the OS notification call; the Settings opt-in for such alerts is saved; a rule
// that is flapping shows so on the watchlist badge and in the Alerts view.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { useBrowserApps, writeSettings } from './harness'
import { POLL, waitForTvl, waitForView, refresh } from './helpers'

const suite = useBrowserApps()

describe('figures that disagree', () => {
  it('are held and shown as such in the Alerts view, never notified', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    app.service()!.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 30, windowDays: 1 })
    app.service()!.scenarios.add({ kind: 'reported-change', symbol: 'NVDA', tvlChange: 0.02 })
    await refresh(app)
    await refresh(app)
    // Neither figure can be trusted: the rule is not judged on them (issue 22 item 12), so
    // nothing fires, nothing is held and nothing counts as firing; the row says why.
    const problem = page.locator('tr[data-symbol="NVDA"] [data-testid="row-problem"]')
    await expect
      .poll(() => problem.first().textContent(), POLL)
      .toMatch(/^figures disagree: service says \+2\.0 %, history says −\d+\.\d % \(7-day change\)/)
    expect(app.notifications).toEqual([])
    expect(
      await page.locator('tr[data-symbol="NVDA"]').getAttribute('data-alert-state'),
    ).not.toMatch(/firing|pending/)
    expect(
      await page
        .locator('tr[data-symbol="NVDA"] td[data-col="alert"] [data-state="firing"]')
        .count(),
    ).toBe(0)
    expect(await page.getByText(/alerts? firing/).count()).toBe(0)
    expect(await page.locator('#nav-firing').count()).toBe(0)
    expect(await page.locator('tr[data-symbol="TSLA"] [data-testid="row-problem"]').count()).toBe(0)

    await page.getByTestId('nav-alerts').click()
    await waitForView(page, 'alerts')
    const instance = page.locator('[data-testid="alert-instances"] tr[data-symbol="NVDA"]')
    await expect
      .poll(() => instance.locator('.detail').textContent(), POLL)
      .toMatch(
        /^figures disagree: service says \+2\.0 %, history says −\d+\.\d % \(7-day change\).*not judged until the figures agree/,
      )
    expect(
      await page.locator('[data-testid="notification-log"] li[data-status="held"]').count(),
    ).toBe(0)
    expect(
      await page
        .locator('[data-testid="alert-history"] tr[data-type="fired"][data-symbol="NVDA"]')
        .count(),
    ).toBe(0)
    expect(app.pageErrors).toEqual([])
  })

  it('the Settings opt-in is saved through the core', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    await page.getByTestId('nav-settings').click()
    await waitForView(page, 'settings')
    const box = page.getByRole('checkbox', { name: 'Notify alerts whose figures disagree' })
    expect(await box.isChecked()).toBe(false)
    await box.click()
    await expect
      .poll(async () => (await app.core.getSettings()).notifications, POLL)
      .toEqual({ enabled: true, notifyUnverified: true })
    // Turning desktop notifications off keeps the opt-in (the patch names only `enabled`).
    await page.getByRole('checkbox', { name: 'Show desktop notifications for alerts' }).click()
    await expect
      .poll(async () => (await app.core.getSettings()).notifications, POLL)
      .toEqual({ enabled: false, notifyUnverified: true })
    expect(app.pageErrors).toEqual([])
  })
})

describe('flapping', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
  })

  it('shows on the watchlist badge and the alert instance', async () => {
    // The state file a session leaves behind when TSLA kept crossing its threshold.
    const dataDir = mkdtempSync(join(tmpdir(), 'lw-browser-flap-'))
    dirs.push(dataDir)
    writeSettings(dataDir)
    const at = new Date().toISOString()
    const instance = {
      ruleId: 'default-7d-drop',
      symbol: 'TSLA',
      state: 'ok',
      breachCount: 0,
      since: null,
      firedAt: null,
      lastNotifiedAt: at,
      lastValue: -5,
      verified: true,
      detail: 'down 5.0 % in 7 days; alert at down 10.0 %',
      phase: 'ok',
      lastAlertAt: null,
      flapHistory: '010101010101010101010',
      flapping: true,
      flapAnnounced: true,
      raised: false,
    }
    const state = {
      version: 1,
      initialized: true,
      seq: 1,
      instances: [instance],
      baselines: {},
      onceSent: {},
      held: [],
      heldOverflow: 0,
    }
    writeFileSync(
      join(dataDir, 'alert-state.json'),
      JSON.stringify({ version: 1, state, history: [] }),
    )
    const app = await suite.start({ dataDir, start: false })
    const { page } = app
    const badge = page.locator('tr[data-symbol="TSLA"] td[data-col="alert"] [data-flag="flapping"]')
    await expect.poll(() => badge.textContent(), POLL).toBe('Flapping')
    expect(await page.locator('tr[data-symbol="NVDA"] [data-flag="flapping"]').count()).toBe(0)
    await page.getByTestId('nav-alerts').click()
    await waitForView(page, 'alerts')
    const row = page.locator('[data-testid="alert-instances"] tr[data-symbol="TSLA"]')
    await expect.poll(() => row.locator('[data-flag="flapping"]').count(), POLL).toBe(1)
    expect(app.pageErrors).toEqual([])
  })
})

describe('an issuer that vanishes from the data', () => {
  it('the row shows the like-for-like change it judged beside the raw one (U8)', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    app.service()!.scenarios.add({
      kind: 'issuer-missing',
      symbol: 'TSLA',
      issuer: 'Ondo',
      keepInHistory: true,
    })
    await refresh(app)
    await refresh(app)
    const judged = page.locator(
      'tr[data-symbol="TSLA"] td[data-col="change7d"] [data-testid="row-lfl"]',
    )
    await expect.poll(() => judged.textContent(), POLL).toMatch(/without issuer Ondo$/)
    const row = (await app.core.getWatchlist()).find((r) => r.symbol === 'TSLA')!
    const pct = row.likeForLike!.change7dPct!
    expect(await judged.textContent()).toContain(`${Math.abs(pct).toFixed(1)}%`)
    expect(await judged.getAttribute('title')).toMatch(/judged like for like/)
    expect(await page.locator('tr[data-symbol="NVDA"] [data-testid="row-lfl"]').count()).toBe(0)
    expect(app.pageErrors).toEqual([])
  })
})
