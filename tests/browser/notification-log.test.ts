// The Alerts view's notification log lists the newest decisions first: with more than it shows
// (50), the newest are the ones shown (the log is kept newest first; it was reversed, so the 50
// oldest were shown).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { useBrowserApps, writeSettings } from './harness'
import { POLL, waitForView } from './helpers'

const suite = useBrowserApps()
const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('notification log', () => {
  it('shows the 50 newest decisions, newest first', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lw-browser-log-'))
    dirs.push(dataDir)
    writeSettings(dataDir)
    // 60 sent decisions, newest first as the core keeps them: "Alert 60" is the newest.
    const start = Date.parse('2025-06-01T00:00:00Z')
    const items = Array.from({ length: 60 }, (_, i) => {
      const n = 60 - i
      return {
        at: new Date(start + n * 60_000).toISOString(),
        decision: {
          status: 'sent',
          title: `Alert ${n}`,
          body: 'body',
          symbol: null,
          eventIds: [`e${n}`],
        },
      }
    })
    writeFileSync(join(dataDir, 'notification-log.json'), JSON.stringify({ version: 1, items }))
    const app = await suite.start({ dataDir, start: false })
    const { page } = app
    await page.getByTestId('nav-alerts').click()
    await waitForView(page, 'alerts')
    const entries = page.locator('[data-testid="notification-log"] li[data-status="sent"]')
    await expect.poll(() => entries.count(), POLL).toBe(50)
    expect(await entries.first().locator('strong').textContent()).toBe('Alert 60')
    expect(await entries.last().locator('strong').textContent()).toBe('Alert 11')
    expect(app.pageErrors).toEqual([])
  })
})
