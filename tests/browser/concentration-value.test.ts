// A concentration rule over its HHI limit only (TSLA's largest issuer holds about half, within 99 %;
// its HHI is in the thousands, over 100): the Alerts view writes the alert's value as the HHI it is,
// not as a share, and the notification leads with the HHI (issue 19 item 4).
import { describe, expect, it } from 'vitest'
import { defaultRules } from '../../src/shared/alert-rules'
import { useBrowserApps } from './harness'
import { POLL, refresh, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

describe('concentration alert value', () => {
  it('an alert over its HHI limit only shows its value as the HHI in the Alerts view and its history', async () => {
    const rule = {
      ...defaultRules()[0]!,
      id: 'tsla-hhi',
      name: 'TSLA issuer HHI',
      scope: { kind: 'symbols' as const, symbols: ['TSLA'] },
      condition: {
        kind: 'concentration' as const,
        by: 'issuer' as const,
        maxSharePct: 99,
        maxHhi: 100,
      },
    }
    const app = await suite.start({ settings: (s) => ({ ...s, rules: [rule] }) })
    const { page } = app
    await waitForTvl(page, 4)
    await refresh(app)
    await refresh(app)
    await expect.poll(() => app.notifications.length, POLL).toBe(1)
    const sent = app.notifications[0]!
    expect(sent.status === 'sent' && sent.title).toMatch(
      /^TSLA: issuer HHI [\d,]+ \(highly concentrated\), above its limit of 100; largest issuer \w+ holds [\d.]+ % of TVL \(limit 99\.0 %\)/,
    )
    await page.getByTestId('nav-alerts').click()
    await waitForView(page, 'alerts')
    const value = page.locator(
      '[data-testid="alert-instances"] tr[data-rule-id="tsla-hhi"][data-symbol="TSLA"] td.num',
    )
    await expect.poll(() => value.textContent(), POLL).toMatch(/^HHI \d,\d{3}$/)
    // The history's value column, with the limit it is over.
    const fired = page.locator(
      '[data-testid="alert-history"] tr[data-type="fired"][data-symbol="TSLA"] td.num',
    )
    await expect.poll(() => fired.textContent(), POLL).toMatch(/^HHI \d,\d{3} \/ HHI above 100$/)
    expect(app.pageErrors).toEqual([])
  })
})
