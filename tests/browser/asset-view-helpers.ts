// The asset view as the tooltip and export tests open it: a row clicked, its charts drawn, and the
// detail that crossed the bridge to compare against.
import { expect } from 'vitest'
import type { AssetView } from '../../src/shared/view-models'
import type { App } from './harness'
import { POLL, waitForTvl, waitForView } from './helpers'

export function lastResult<T>(a: App, method: 'getAsset' | 'getAssetSeries', days?: number): T {
  const r = a.bridge
    .requests(method)
    .filter((x) => x.result.ok && (days === undefined || x.args[1] === days))
    .at(-1)
  if (!r || !r.result.ok) throw new Error(`no ${method} result crossed the bridge`)
  return r.result.value as T
}

export async function openAsset(app: App, symbol: string): Promise<AssetView> {
  await waitForTvl(app.page, 4)
  await app.page.locator(`tr[data-symbol="${symbol}"]`).click()
  await waitForView(app.page, 'asset')
  await expect
    .poll(() => app.page.getByTestId('network-chart').getAttribute('data-point-count'), POLL)
    .toMatch(/^[1-9]\d*$/)
  await expect
    .poll(() => app.page.getByTestId('asset-series-chart').getAttribute('data-point-count'), POLL)
    .toMatch(/^[1-9]\d*$/)
  return lastResult<AssetView>(app, 'getAsset')
}

export /** Networks over all issuers, summed: what the network split must show. */
function expectedNetworks(detail: AssetView): Map<string, { tvl: number; pools: number }> {
  const m = new Map<string, { tvl: number; pools: number }>()
  for (const i of detail.data.issuers)
    for (const n of i.networks) {
      const t = m.get(n.network) ?? { tvl: 0, pools: 0 }
      t.tvl += n.tvl
      t.pools += n.pools.length
      m.set(n.network, t)
    }
  return m
}
