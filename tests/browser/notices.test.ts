// EngineStatus.notices as a banner: a start-up repair (a state file set aside) and data that cannot
// be saved are said in plain words with the file's path, in an accessible alert, and a save
// problem goes away once saving works again.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { afterEach, describe, expect, it } from 'vitest'
import type { WatchRow } from '../../src/shared/view-models'
import { useBrowserApps, writeSettings, type App } from './harness'
import { POLL, SLOW, waitForTvl } from './helpers'

const suite = useBrowserApps()
const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function dataDir(watchlist?: string[]): string {
  const d = mkdtempSync(join(tmpdir(), 'lw-browser-notices-'))
  dirs.push(d)
  writeSettings(d, (s) => (watchlist ? { ...s, watchlist } : s))
  return d
}

/**
 * Polls again until `ok`: "Refresh now" joins a poll in flight, and one that saved its data before
 * the test put a folder in the file's place saves nothing more (a clean-clone run waited in vain).
 */
async function refreshUntil(app: App, ok: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(async () => {
      if (await ok()) return true
      await app.invoke('refreshNow')
      return ok()
    }, SLOW)
    .toBe(true)
}

describe('notices banner', () => {
  it('says in plain words that the alert state was set aside at start, and where', async () => {
    const dir = dataDir()
    mkdirSync(join(dir, 'alert-state.json')) // a folder in the file's place
    const app = await suite.start({ dataDir: dir })
    await waitForTvl(app.page, 4)
    const banner = app.page.getByTestId('banner-notices')
    await expect.poll(() => banner.isVisible(), POLL).toBe(true)
    expect(await banner.getAttribute('role')).toBe('alert')
    const text = (await banner.textContent()) ?? ''
    expect(text).toMatch(/alert state file .* could not be read \(a folder is in its place/)
    expect(text).toContain(join(dir, 'alert-state.json.corrupt-'))
    const axe = await new AxeBuilder({ page: app.page })
      .include('[data-testid="banner-notices"]')
      .analyze()
    expect(axe.violations.map((v) => `${v.impact} ${v.id}`)).toEqual([])
    await app.screenshot('notices-startup-light')
    expect(app.pageErrors).toEqual([])
  })

  it('shows that data cannot be saved while it lasts, then clears', async () => {
    const dir = dataDir()
    const app = await suite.start({ dataDir: dir })
    await waitForTvl(app.page, 4)
    await expect.poll(async () => (await app.core.getStatus()).connection, POLL).toBe('online')
    const banner = app.page.getByTestId('banner-notices')
    expect(await banner.count()).toBe(0)

    const cacheFile = join(dir, 'caches', 'demo', 'response-cache.json')
    rmSync(cacheFile)
    mkdirSync(cacheFile)
    // allTextContents does not wait for the banner to exist (textContent would, for 30 s).
    const shown = (): Promise<string> => banner.allTextContents().then((t) => t.join(' '))
    await refreshUntil(app, async () => /cannot save its data/.test(await shown()))
    const text = await shown()
    expect(text).toContain(cacheFile)
    expect(text).toMatch(/a folder is in its place/)
    // The figures are still this poll's, and the app still calls itself online.
    expect(await app.page.getByTestId('status-bar').getAttribute('data-connection')).toBe('online')
    await app.screenshot('notices-cannot-save-light')

    rmSync(cacheFile, { recursive: true })
    await refreshUntil(app, async () => (await banner.count()) === 0)
    expect(app.pageErrors).toEqual([])
  })

  it('with one watched symbol, a save problem is said once, in the banner, not again on the row', async () => {
    const dir = dataDir(['TSLA'])
    const app = await suite.start({ dataDir: dir })
    await waitForTvl(app.page, 1)
    const cacheFile = join(dir, 'caches', 'demo', 'response-cache.json')
    rmSync(cacheFile)
    mkdirSync(cacheFile)
    const banner = app.page.getByTestId('banner-notices')
    const shown = (): Promise<string> => banner.allTextContents().then((t) => t.join(' '))
    await refreshUntil(app, async () => /cannot save its data/.test(await shown()))
    // The rows the page got still carry it (for `check --json`), but the row on screen leaves it
    // to the banner.
    const saveProblemSent = (): boolean =>
      app.bridge
        .events('watchlistUpdated')
        .some((e) => (e.payload as WatchRow[])[0]!.problems.some((p) => /^Could not save/.test(p)))
    await expect.poll(saveProblemSent, POLL).toBe(true)
    await app.bridge.settled()
    const rowProblems = app.page.locator('tr[data-symbol="TSLA"] [data-testid="row-problem"]')
    expect(await rowProblems.allTextContents()).toEqual([])
    expect(app.pageErrors).toEqual([])
  })
})
