// The Alerts view's "While you were away" panel: the app last checked 9 h ago (a real core on a
// clock 9 h back, same data dir), two drops cross meanwhile; the first poll back sends one
// notification and the panel lists both, until the user dismisses it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { harness } from '../core/helpers'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { useBrowserApps, writeSettings } from './harness'
import { POLL, waitForView } from './helpers'

const suite = useBrowserApps()
const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
const HOUR = 3_600_000

/** A data dir whose app last polled 9 h ago, with rules that fire on the first breach. */
async function lastSeenNineHoursAgo(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lw-browser-away-'))
  dirs.push(dataDir)
  writeSettings(dataDir, (s) => ({
    ...s,
    watchlist: ['TSLA', 'NVDA', 'AAPL', 'GOLD'],
    rules: s.rules.map((r) => ({ ...r, pendingCycles: 1 })),
  }))
  const past = await harness({ dir: dataDir, clock: new FakeClock(Date.now() - 9 * HOUR) })
  await past.core.refreshNow()
  await past.close()
  return dataDir
}

describe('the away digest panel', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`lists what crossed while away, once, and is dismissible (${colorScheme})`, async () => {
      const dataDir = await lastSeenNineHoursAgo()
      const app = await suite.start({ dataDir, start: false, colorScheme })
      for (const symbol of ['TSLA', 'NVDA'])
        app.service()!.scenarios.add({ kind: 'tvl-drop', symbol, pct: 30, windowDays: 1 })
      await app.core.refreshNow()
      const sent = app.notifications.filter((d) => d.status === 'sent')
      expect(sent).toHaveLength(1)

      const { page } = app
      await page.getByTestId('nav-alerts').click()
      await waitForView(page, 'alerts')
      const panel = page.getByTestId('away-digest')
      await expect.poll(() => panel.count(), POLL).toBe(1)
      const title = await panel.getByRole('heading').textContent()
      expect(title).toMatch(/^While you were away \(9 h( \d+ min)?\): 2 alerts fired$/)
      expect(sent[0]!.status === 'sent' && sent[0]!.title).toBe(title)
      expect(await panel.locator('li[data-kind="fired"]').count()).toBe(2)
      expect(await panel.locator('li[data-symbol="TSLA"]').textContent()).toMatch(
        /Fired, still firing.*TSLA TVL/,
      )
      await app.screenshot(`alerts-away-digest-${colorScheme}`)

      await panel.getByRole('button', { name: 'Dismiss' }).click()
      await expect.poll(() => panel.count(), POLL).toBe(0)
      expect(await app.invoke('getAwayDigest')).toBeNull()
      expect(app.pageErrors).toEqual([])
    })
  }
})
