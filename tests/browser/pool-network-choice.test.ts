// A pool-count rule's network is chosen from the networks its symbols' assets list (issue 22,
// item 7): a typo such as "ethreum" was saved silently and the rule then never judged. A saved
// rule naming a network no watched asset lists is refused at Save, saying which there are.
import { describe, expect, it } from 'vitest'
import { useBrowserApps, type App } from './harness'
import { POLL, openAlerts } from './helpers'

const suite = useBrowserApps()

async function networksListed(app: App): Promise<string[]> {
  const want = new Set<string>()
  for (const s of ['TSLA', 'NVDA', 'AAPL', 'GOLD'])
    for (const i of (await app.core.getAsset(s)).data.issuers)
      for (const n of i.networks) want.add(n.network)
  return [...want].sort()
}

describe('pool-count network', () => {
  it('is a choice of the listed networks; an unlisted one is refused at Save', async () => {
    const app = await suite.start({ viewport: { width: 1280, height: 800 } })
    const { page } = app
    const rules = (await app.core.getSettings()).rules
    await app.core.saveRule({
      ...rules[0]!,
      id: 'typo-pools',
      name: 'Pools typo',
      condition: { kind: 'pool-count', network: 'ethreum', below: 5 },
    })
    await openAlerts(page)
    await page.getByRole('button', { name: /^Edit Pools typo/ }).click()
    await expect.poll(() => page.getByTestId('rule-editor').isVisible(), POLL).toBe(true)

    const want = await networksListed(app)
    const network = page.locator('#rule-network')
    await expect.poll(() => network.evaluate((el) => el.tagName), POLL).toBe('SELECT')
    const offered = (): Promise<string[]> =>
      network
        .locator('option:not([data-unlisted])')
        .evaluateAll((os) => os.map((o) => o.getAttribute('value') ?? ''))
    await expect.poll(async () => (await offered()).sort(), POLL).toEqual(want)
    // The saved typo stays shown as it is, marked, so the user sees what is wrong.
    expect(await network.inputValue()).toBe('ethreum')
    await expect
      .poll(() => page.getByTestId('rule-network-note').textContent(), POLL)
      .toMatch(/ethreum/)

    await page.getByRole('button', { name: 'Save rule' }).click()
    const error = page.getByTestId('rule-error')
    await expect.poll(() => error.textContent(), POLL).toMatch(/No watched asset lists .*ethreum/)
    expect(await error.textContent()).toContain(want[0]!)
    expect(app.bridge.requests('saveRule')).toHaveLength(0)

    await network.selectOption('ethereum')
    await page.getByRole('button', { name: 'Save rule' }).click()
    await expect.poll(() => app.bridge.requests('saveRule').length, POLL).toBe(1)
    const saved = (await app.core.getSettings()).rules.find((r) => r.id === 'typo-pools')
    expect(saved?.condition).toMatchObject({ kind: 'pool-count', network: 'ethereum' })
    expect(app.pageErrors).toEqual([])
  })
})
