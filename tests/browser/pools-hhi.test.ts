// The asset view's pools and concentration: pool fields shown only when present and numeric (a fee
// tier of 0.05 % read "0" before), and the HHI with its band next to the largest share, for
// issuers and networks. Light and dark screenshots.
import { describe, expect, it } from 'vitest'
import { hhiBand, hhiOf, formatHhi } from '../../src/shared/hhi'
import type { AssetView } from '../../src/shared/view-models'
import { useBrowserApps, type App } from './harness'
import { POLL, waitForTvl, waitForView, openAlerts } from './helpers'

const suite = useBrowserApps()

async function openTsla(app: App): Promise<AssetView> {
  const { page } = app
  await waitForTvl(page, 4)
  await page.locator('tr[data-symbol="TSLA"]').focus()
  await page.keyboard.press('Enter')
  await waitForView(page, 'asset')
  await expect.poll(() => app.bridge.requests('getAsset').some((r) => r.result.ok), POLL).toBe(true)
  const r = app.bridge
    .requests('getAsset')
    .filter((x) => x.result.ok)
    .at(-1)!
  if (!r.result.ok) throw new Error('no asset')
  return r.result.value as AssetView
}

describe('asset view: pools and concentration', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`fee tier and other numeric pool fields only when present and numeric; HHI beside the largest share (${scheme})`, async () => {
      const app = await suite.start({ colorScheme: scheme })
      // The first pool of the first network: no fee tier; of the second issuer's: a 0.05 % tier.
      app.service()!.faults.inject({
        kind: 'body',
        match: 'asset',
        symbols: ['TSLA'],
        unset: ['issuers.0.networks.0.pools.0.feeTier'],
        set: {
          'issuers.1.networks.0.pools.0.feeTier': 0.0005,
          'issuers.0.networks.0.pools.0.tvl': 'lots',
        },
      })
      const asset = await openTsla(app)
      const { page } = app
      const issuers = asset.data.issuers
      const first = page.locator(`table[data-issuer="${issuers[0]!.name}"] tbody tr`).first()
      const second = page.locator(`table[data-issuer="${issuers[1]!.name}"] tbody tr`).first()
      for (const d of await page.locator('[data-testid="pools"] details').all())
        await d.evaluate((el) => ((el as unknown as { open: boolean }).open = true))

      const fields = async (row: typeof first): Promise<Record<string, string>> =>
        Object.fromEntries(
          await row
            .locator('[data-testid="pools"] li')
            .first()
            .locator('dl > div')
            .evaluateAll((divs) =>
              divs.map((d) => [
                d.querySelector('dt')?.textContent?.trim() ?? '',
                d.querySelector('dd')?.textContent?.trim() ?? '',
              ]),
            ),
        )
      const withFee = await fields(second)
      expect(withFee['Fee tier']).toBe('0.05%')
      expect(withFee['TVL']).toMatch(/^\$[\d.,]+[KM]?$/)
      const noFee = await fields(first)
      // Missing or not a number: not shown at all (never as "0").
      expect(Object.keys(noFee)).not.toContain('Fee tier')
      expect(Object.keys(noFee)).not.toContain('TVL')
      expect(Object.values(noFee)).not.toContain('0')
      expect(noFee['dex']).toMatch(/\w/)

      // HHI next to the largest issuer's share, in its band.
      const hhi = hhiOf(issuers.map((i) => i.totalTvl))!
      const label = page.getByTestId('issuer-hhi')
      await expect.poll(() => label.textContent(), POLL).toContain(`HHI ${formatHhi(hhi)}`)
      expect(await label.textContent()).toContain(hhiBand(hhi))
      const largest = [...issuers].sort((a, b) => b.totalTvl - a.totalTvl)[0]!
      expect(await label.textContent()).toContain(`Largest issuer: ${largest.name}`)
      const byNetwork = new Map<string, number>()
      for (const i of issuers)
        for (const n of i.networks)
          byNetwork.set(n.network, (byNetwork.get(n.network) ?? 0) + n.tvl)
      const netHhi = hhiOf(byNetwork.values())!
      expect(await page.getByTestId('network-hhi').textContent()).toContain(
        `HHI ${formatHhi(netHhi)} · ${hhiBand(netHhi)}`,
      )
      await page.getByTestId('issuer-hhi').scrollIntoViewIfNeeded()
      await app.screenshot(`asset-hhi-${scheme}`)
      await second.scrollIntoViewIfNeeded()
      await app.screenshot(`asset-pools-${scheme}`)
      expect(app.pageErrors).toEqual([])
    })
  }
})

describe('rule editor: pool-count and HHI conditions', () => {
  it('saves a pool-count rule and a concentration rule with maxHhi from the form', async () => {
    const app = await suite.start()
    const { page } = app
    await openAlerts(page)

    await page.getByRole('button', { name: 'New rule' }).click()
    await page.getByLabel('Name', { exact: true }).fill('Ethereum pools')
    await page.getByLabel('Condition', { exact: true }).selectOption('pool-count')
    await page.getByLabel('Network', { exact: true }).fill('ethereum')
    await page.getByLabel('Fewer than (pools)').fill('3')
    await page.getByLabel('Or lost since the last check (pools)').fill('2')
    await page.getByRole('button', { name: 'Save rule' }).click()
    await expect
      .poll(
        async () => (await app.core.getRules()).find((r) => r.name === 'Ethereum pools')?.condition,
        POLL,
      )
      .toEqual({ kind: 'pool-count', network: 'ethereum', below: 3, dropBy: 2 })

    await page.getByRole('button', { name: 'New rule' }).click()
    await page.getByLabel('Name', { exact: true }).fill('Concentrated')
    await page.getByLabel('Condition', { exact: true }).selectOption('concentration')
    await page.getByLabel('Max HHI (optional, 0–10,000)').fill('5000')
    await page.getByRole('button', { name: 'Save rule' }).click()
    await expect
      .poll(
        async () => (await app.core.getRules()).find((r) => r.name === 'Concentrated')?.condition,
        POLL,
      )
      .toEqual({ kind: 'concentration', by: 'issuer', maxSharePct: 80, maxHhi: 5000 })
    // The list says what each rule watches.
    await expect
      .poll(() => page.locator('body').textContent(), POLL)
      .toContain('pools on ethereum: fewer than 3 or 2 lost since the last check')
    await app.screenshot('rules-pool-count')
    expect(app.pageErrors).toEqual([])
  })
})
