// The asset view's flow vs price line, over the real core, its history.sqlite and the local service:
// with a week of the app's own figures it shows the 7-day split the engine computed ("TVL −x %:
// price −y %, net outflow −z %"), saying it is from the app's own polls (not the service's 7-day
// figure on the card above); without, the plain reason (light and dark).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { HistoryStore, historyPath } from '../../src/main/engine/history/history-store'
import { entryOf } from '../../src/main/engine/history/history-entry'
import { startLocalService } from '../../src/dev-service/server'
import type { AssetFlowView } from '../../src/shared/flow'
import { parseAssetDetail } from '../../src/shared/parse'
import { useBrowserApps, writeSettings, type App } from './harness'
import { POLL, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()
const WEEK = 7 * 24 * 60 * 60 * 1000
const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** TSLA's figures as the demo service gave them a week ago, recorded as the app would have. */
async function seedWeekOldHistory(dataDir: string): Promise<{ at: number; price: number }> {
  const at = Date.now() - WEEK
  const svc = await startLocalService({ now: () => new Date(at) })
  try {
    const res = await fetch(`${svc.url}/api/v0/liquidity/asset/TSLA`, {
      headers: { Authorization: `Bearer ${svc.apiKey}` },
    })
    const detail = parseAssetDetail(await res.json(), { symbol: 'TSLA' })
    const store = HistoryStore.open({ path: historyPath(dataDir), now: () => new Date() })
    expect(store.record('demo', at, [entryOf(detail, null)])).toBe(true)
    store.close()
    return { at, price: detail.marketData.tradfiAssetPrice }
  } finally {
    await svc.close()
  }
}

async function openTsla(app: App): Promise<void> {
  await waitForTvl(app.page, 4)
  await app.page.locator('tr[data-symbol="TSLA"]').focus()
  await app.page.keyboard.press('Enter')
  await waitForView(app.page, 'asset')
}

/** An instant as the view writes it in the test's locale and zone (en-US, UTC): "Nov 20, 01:22". */
const dayTime = (iso: string): string =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(new Date(iso))

function lastFlow(app: App): AssetFlowView {
  const r = app.bridge
    .requests('getAssetFlow')
    .filter((x) => x.result.ok)
    .at(-1)
  if (!r || !r.result.ok) throw new Error('no flow crossed the bridge')
  return r.result.value as AssetFlowView
}

describe.each(['light', 'dark'] as const)('asset view flow line (%s)', (scheme) => {
  it('shows the 7-day split into price and net flow from a week of the app’s own history', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lw-flow-'))
    dirs.push(dataDir)
    writeSettings(dataDir)
    const seeded = await seedWeekOldHistory(dataDir)
    const app = await suite.start({ colorScheme: scheme, dataDir })
    await openTsla(app)
    const box = app.page.getByTestId('asset-flow')
    await expect.poll(() => box.getAttribute('data-kind'), POLL).toBe('split')
    const view = lastFlow(app)
    if (view.flow.kind !== 'split') throw new Error(view.flow.kind)
    // Split against the figures seeded a week before the poll that recorded today's.
    expect(view.flow.from).toMatchObject({
      at: new Date(seeded.at).toISOString(),
      price: seeded.price,
    })
    expect(view.flow.text).toMatch(
      /^TVL [−+]?\d+\.\d %: price [−+]?\d+\.\d %, net (outflow|inflow|flow) [−+]?\d+\.\d %$/,
    )
    expect(await app.page.getByTestId('asset-flow-line').textContent()).toBe(view.flow.text)
    // Which history it splits, in words: the app's own two polls (the 7-day TVL change card above
    // is the service's figure and can differ), and the tooltip says so too.
    expect(await app.page.getByTestId('asset-flow-source').textContent()).toBe(
      `from the app’s own polls, ${dayTime(view.flow.from.at)} → ${dayTime(view.flow.to.at)}`,
    )
    const tip = box.locator('[role="tooltip"]')
    expect(await tip.textContent()).toMatch(/can differ from the 7-day TVL change card/)
    expect(await tip.getByTestId('metric-tip-asof').textContent()).toContain(
      `polls of ${dayTime(view.flow.from.at)} and ${dayTime(view.flow.to.at)}`,
    )
    await box.scrollIntoViewIfNeeded()
    await app.screenshot(`asset-flow-split-${scheme}`)
    expect(app.pageErrors).toEqual([])
  })

  it('says why there is no split while the history is too short', async () => {
    const app = await suite.start({ colorScheme: scheme })
    await openTsla(app)
    const box = app.page.getByTestId('asset-flow')
    await expect.poll(() => box.getAttribute('data-kind'), POLL).toBe('unknown')
    const view = lastFlow(app)
    if (view.flow.kind !== 'unknown') throw new Error(view.flow.kind)
    expect(await app.page.getByTestId('asset-flow-reason').textContent()).toBe(
      `Not split: ${view.flow.reason}.`,
    )
    expect(view.flow.reason).toMatch(
      /^not enough history to split the 7-day change into price and flow: Liquidity Watch records figures itself and (it has no history of TSLA yet|its own history of TSLA starts )/,
    )
    await box.scrollIntoViewIfNeeded()
    await app.screenshot(`asset-flow-reason-${scheme}`)
    expect(app.pageErrors).toEqual([])
  })
})
