// A webhook imported from a config file names the environment variable holding its URL (urlEnv):
// Settings → Contact points says so, instead of "No webhook URL set yet".
import { describe, expect, it } from 'vitest'
import type { ContactPoint } from '../../src/shared/contact-points'
import { useBrowserApps } from './harness'
import { POLL, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

const hook: ContactPoint = {
  id: 'hook',
  name: 'Server hook',
  kind: 'webhook',
  format: 'json',
  urlHint: null,
  urlEnv: 'SLACK_WEBHOOK_URL',
  enabled: true,
  isDefault: false,
  minSeverity: 'info',
  quietHours: null,
  template: { title: null, body: null },
}

describe('a webhook naming urlEnv in Settings', () => {
  it('shows the variable its URL comes from', async () => {
    const app = await suite.start()
    await app.core.saveContactPoint(hook)
    const { page } = app
    await waitForTvl(page, 4)
    await page.getByTestId('nav-settings').click()
    await waitForView(page, 'settings')
    const row = page.getByTestId('contact-point-hook')
    await expect
      .poll(() => row.textContent(), POLL)
      .toContain('URL from the environment variable SLACK_WEBHOOK_URL (or set one here)')
    expect(app.pageErrors).toEqual([])
  })
})
