// The asset view's issuer migration line over the real core, its history.sqlite and the local
// service: with a week-old record in which Backed held $4 M more and Ondo $3.9 M less, the line
// reads the move as a migration with its amounts (light and dark); the rule editor suggests the
// watched symbols' issuers and says which symbols lack the typed one, saves the issuer-drop kind
// and the drop rule's ignore-migrations option, saying what is ignored.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { HistoryStore, historyPath } from '../../src/main/engine/history/history-store'
import { entryOf } from '../../src/main/engine/history/history-entry'
import { startLocalService } from '../../src/dev-service/server'
import type { AssetMigrationView } from '../../src/shared/issuer-moves'
import { parseAssetDetail } from '../../src/shared/parse'
import { useBrowserApps, writeSettings, type App } from './harness'
import { POLL, waitForTvl, waitForView, openAlerts } from './helpers'

const suite = useBrowserApps()
const WEEK = 7 * 24 * 60 * 60 * 1000
const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** TSLA as the demo service gives it now, recorded a week ago with $4 M of Ondo's at Backed. */
async function seedMigratedWeek(dataDir: string): Promise<void> {
  const svc = await startLocalService()
  try {
    const res = await fetch(`${svc.url}/api/v0/liquidity/asset/TSLA`, {
      headers: { Authorization: `Bearer ${svc.apiKey}` },
    })
    const entry = entryOf(parseAssetDetail(await res.json(), { symbol: 'TSLA' }), null)
    const issuers = entry.issuers.map((i) =>
      i.issuer === 'Backed'
        ? { ...i, tvl: i.tvl + 4_000_000 }
        : i.issuer === 'Ondo'
          ? { ...i, tvl: i.tvl - 3_900_000 }
          : i,
    )
    const store = HistoryStore.open({ path: historyPath(dataDir), now: () => new Date() })
    expect(
      store.record('demo', Date.now() - WEEK, [{ ...entry, tvl: entry.tvl + 100_000, issuers }]),
    ).toBe(true)
    store.close()
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

function lastMigration(app: App): AssetMigrationView {
  const r = app.bridge
    .requests('getAssetMigration')
    .filter((x) => x.result.ok)
    .at(-1)
  if (!r || !r.result.ok) throw new Error('no migration view crossed the bridge')
  return r.result.value as AssetMigrationView
}

describe.each(['light', 'dark'] as const)('asset view migration line (%s)', (scheme) => {
  it('reads a week of issuer moves as a migration, with the amounts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lw-migration-'))
    dirs.push(dataDir)
    writeSettings(dataDir)
    await seedMigratedWeek(dataDir)
    const app = await suite.start({ colorScheme: scheme, dataDir })
    await openTsla(app)
    const box = app.page.getByTestId('asset-migration')
    await expect.poll(() => box.getAttribute('data-kind'), POLL).toBe('migration')
    const view = lastMigration(app)
    if (view.moves.kind === 'unknown') throw new Error(view.moves.reason)
    expect(view.moves.text).toMatch(
      /^Backed −\$4M, Ondo \+\$3\.9\d?M.*: migration, net −\$\d+(\.\d+)?K$/,
    )
    expect(await app.page.getByTestId('asset-migration-line').textContent()).toBe(view.moves.text)
    await box.scrollIntoViewIfNeeded()
    await app.screenshot(`asset-migration-${scheme}`)
    expect(app.pageErrors).toEqual([])
  })
})

describe('rule editor: issuer-drop and ignore migrations', () => {
  it('saves an issuer-drop rule and a drop rule that ignores migrations, saying what is ignored', async () => {
    const app = await suite.start()
    const { page } = app
    await openAlerts(page)

    await page.getByRole('button', { name: 'New rule' }).click()
    await page.getByLabel('Name', { exact: true }).fill('Backed leaving')
    await page.getByLabel('Condition', { exact: true }).selectOption('issuer-drop')
    const issuer = page.getByLabel('Issuer (empty: any issuer)')
    // Suggested: the issuers the service lists for the watched symbols (TSLA's and GOLD's alike).
    const options = page.locator('#rule-issuer-options option')
    await expect
      .poll(() => options.evaluateAll((os) => os.map((o) => o.getAttribute('value'))), POLL)
      .toEqual(expect.arrayContaining(['Backed', 'Ondo', 'Tether']))
    expect(await issuer.getAttribute('list')).toBe('rule-issuer-options')
    // Said plainly: a name no watched symbol lists, one that differs in case, one GOLD lacks.
    const note = page.getByTestId('rule-issuer-note')
    await issuer.fill('Nobody')
    await expect
      .poll(() => note.textContent(), POLL)
      .toMatch(
        /^None of this rule’s symbols has an issuer named “Nobody” \(listed: .*Backed.*Tether/,
      )
    expect(await note.getAttribute('data-unlisted')).toBe('true')
    await app.screenshot('rule-editor-issuer-unlisted')
    await issuer.fill('backed')
    await expect.poll(() => note.textContent(), POLL).toContain('did you mean Backed?')
    await issuer.fill('Backed')
    await expect
      .poll(() => note.textContent(), POLL)
      .toBe('GOLD has no issuer Backed: the rule does not judge it.')
    await page.getByLabel('Window', { exact: true }).selectOption('30d')
    await page.getByLabel('Drop of its own TVL (%)').fill('25')
    await app.screenshot('rule-editor-issuer-drop')
    await page.getByRole('button', { name: 'Save rule' }).click()
    await expect
      .poll(
        async () => (await app.core.getRules()).find((r) => r.name === 'Backed leaving')?.condition,
        POLL,
      )
      .toEqual({ kind: 'issuer-drop', issuer: 'Backed', window: '30d', thresholdPct: 25 })

    await page.getByRole('button', { name: 'New rule' }).click()
    await page.getByLabel('Name', { exact: true }).fill('Drop, not moves')
    const ignore = page.getByTestId('rule-ignore-migrations')
    const label = page.locator('label', { has: ignore })
    await expect.poll(() => label.textContent(), POLL).toMatch(/Ignore moves between issuers/)
    // The explanation is the box's help text, under its one-line label.
    const help = page.locator(`#${await ignore.getAttribute('aria-describedby')}`)
    expect(await help.textContent()).toMatch(
      /other issuers’ rises offset at least 90 % of the falls.*no longer listed, still fires it/s,
    )
    await ignore.check()
    // A rise has nothing to ignore: the option is offered on drops only.
    await page.getByLabel('Direction', { exact: true }).selectOption('up')
    await expect.poll(() => ignore.count(), POLL).toBe(0)
    await page.getByLabel('Direction', { exact: true }).selectOption('down')
    await page.getByRole('button', { name: 'Save rule' }).click()
    await expect
      .poll(
        async () =>
          (await app.core.getRules()).find((r) => r.name === 'Drop, not moves')?.condition,
        POLL,
      )
      .toEqual({
        kind: 'tvl-change',
        window: '7d',
        direction: 'down',
        thresholdPct: 10,
        ignoreMigrations: true,
      })
    await expect
      .poll(() => page.locator('body').textContent(), POLL)
      .toContain('30d drop of issuer Backed ≥ 25 % of its own TVL')
    expect(app.pageErrors).toEqual([])
  })
})
