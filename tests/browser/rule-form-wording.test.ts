// The Alerts view's and rule editor's words and fields, as a new user read them: the rule list's
// pacing says what its figures are, Current state's values carry their unit, an empty history says
// whether there are none yet or none match, the editor's checkbox is one short line with its
// explanation as help, the re-arm margin is in the condition's unit, and a pool-count rule's network
// is chosen from the networks its symbols list. Settings says a connection's time once.
import { describe, expect, it } from 'vitest'
import { useBrowserApps } from './harness'
import { POLL, openAlerts, waitForView } from './helpers'

const suite = useBrowserApps()

describe('rule wording and forms', () => {
  it('the rule list and Current state say what their figures are', async () => {
    const app = await suite.start()
    const { page } = app
    await openAlerts(page)
    const notify = page.locator('[data-testid="rule-list"] tr[data-rule-id="default-7d-drop"] td')
    await expect.poll(() => notify.count(), POLL).toBeGreaterThan(3)
    const cell = (await notify.nth(3).textContent())!.replace(/\s+/g, ' ').trim()
    expect(cell).toBe('Every time · repeats every 24 h while firing · cooldown 60 min')
    // Current state: the default rule's value is a 7-day change, in percent.
    const values = page.locator('[data-testid="alert-instances"] tbody tr[data-symbol] td.num')
    await expect.poll(() => values.count(), POLL).toBeGreaterThan(0)
    for (const v of await values.allTextContents()) expect(v.trim()).toMatch(/^[−+]?\d.* %/)
    expect(app.pageErrors).toEqual([])
  })

  it('an empty history says there are none yet; a filter that hides all says none match', async () => {
    const app = await suite.start()
    const { page } = app
    await openAlerts(page)
    const history = page.getByTestId('alert-history')
    await expect.poll(() => history.textContent(), POLL).toMatch(/No alert events yet/)
    await page.locator('#hist-type').selectOption('resolved')
    await expect.poll(() => history.textContent(), POLL).toMatch(/No events match these filters/)
  })

  it('the editor: a one-line checkbox with help, the margin in the unit, networks to choose', async () => {
    const app = await suite.start({ viewport: { width: 1280, height: 800 } })
    const { page } = app
    await openAlerts(page)
    await page.getByRole('button', { name: 'New rule' }).click()
    await expect.poll(() => page.getByTestId('rule-editor').isVisible(), POLL).toBe(true)

    const missing = page.getByRole('checkbox', { name: /missing/ })
    const name = await missing.evaluate((el) => (el.closest('label')?.textContent ?? '').trim())
    expect(name.length).toBeLessThanOrEqual(60)
    const box = await missing.evaluate((el) => {
      const r = el.closest('label')!.getBoundingClientRect()
      return { height: r.height }
    })
    expect(box.height).toBeLessThan(30)
    const help = await missing.getAttribute('aria-describedby')
    expect(help).toBeTruthy()
    expect(await page.locator(`#${help}`).textContent()).toMatch(/compared without it/)

    const editor = page.getByTestId('rule-editor')
    await expect.poll(() => editor.textContent(), POLL).toMatch(/Re-arm margin \(% points\)/)
    await page.getByLabel('Condition', { exact: true }).selectOption('tvl-below')
    await expect.poll(() => editor.textContent(), POLL).toMatch(/Re-arm margin \(% of the amount\)/)
    await page.getByLabel('Condition', { exact: true }).selectOption('pool-count')
    await expect.poll(() => editor.textContent(), POLL).not.toMatch(/% points/)
    expect(await editor.textContent()).toMatch(/one pool back/)

    // The networks the watched assets list, as the service's asset details give them.
    const want = new Set<string>()
    for (const s of ['TSLA', 'NVDA', 'AAPL', 'GOLD'])
      for (const i of (await app.core.getAsset(s)).data.issuers)
        for (const n of i.networks) want.add(n.network)
    const listed = (): Promise<string[]> =>
      page
        .locator('#rule-network option')
        .evaluateAll((os) => os.map((o) => o.getAttribute('value') ?? ''))
    await expect.poll(async () => (await listed()).sort(), POLL).toEqual([...want].sort())
    // A choice, not free text (pool-network-choice.test.ts: a typo is refused).
    expect(await page.locator('#rule-network').evaluate((el) => el.tagName)).toBe('SELECT')
    await app.screenshot('rule-editor-pool-count')
    expect(app.pageErrors).toEqual([])
  })

  it('Settings says how long the connection took once', async () => {
    const app = await suite.start()
    const { page } = app
    await page.getByTestId('nav-settings').click()
    await waitForView(page, 'settings')
    await page.getByRole('button', { name: 'Test connection' }).click()
    const result = page.getByTestId('connection-result')
    await expect.poll(() => result.textContent(), POLL).toMatch(/Connection works/)
    const text = (await result.textContent())!
    expect(text.match(/\d+ ms/g), text).toHaveLength(1)
  })
})
