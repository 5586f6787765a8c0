// Settings → Data service, through the real renderer, preload and core: a Service URL the app could
// not use is explained inline (aria-invalid + aria-describedby) and never saved; a URL that is not
// the saved one is tested with a key typed for that test, which goes to that service and nowhere else.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { useBrowserApps } from './harness'
import { POLL, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()
let other: LocalService | null = null
afterEach(async () => {
  await other?.close()
  other = null
})

async function openSettings(page: Page): Promise<void> {
  await page.getByTestId('nav-settings').click()
  await waitForView(page, 'settings')
}

/** The reason the input points at through aria-describedby, or null when it points at none. */
async function describedReason(page: Page): Promise<string | null> {
  const input = page.getByLabel('Service base URL')
  const ids = (await input.getAttribute('aria-describedby'))?.split(/\s+/) ?? []
  for (const id of ids) {
    const el = page.locator(`[id="${id}"]`)
    if ((await el.count()) > 0 && (await el.getAttribute('data-testid')) === 'base-url-error')
      return el.textContent()
  }
  return null
}

describe('Service URL in Settings', () => {
  it('explains a URL the app cannot use inline as the user types and saves, and saves nothing', async () => {
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    await openSettings(page)
    const input = page.getByLabel('Service base URL')
    await input.fill('ftp://files.example.com')
    await page.keyboard.press('Enter')
    await expect.poll(() => input.getAttribute('aria-invalid'), POLL).toBe('true')
    expect(await describedReason(page)).toMatch(/must start with https:\/\//)
    // Retyping updates the reason at once.
    await input.fill('http://api.example.com')
    await expect
      .poll(() => describedReason(page), POLL)
      .toMatch(/plain http:\/\/ to api\.example\.com/)
    await input.fill('https://me:secret@api.example.com')
    await expect.poll(() => describedReason(page), POLL).toMatch(/user name or password/)
    await app.screenshot('settings-service-url-reason')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    // Nothing went to the engine, nothing was saved.
    expect(app.bridge.requests('updateSettings')).toEqual([])
    const saved = JSON.parse(readFileSync(join(app.dataDir, 'settings.json'), 'utf8')) as {
      baseUrl: string | null
    }
    expect(saved.baseUrl).toBeNull()
    // A usable address clears the reason.
    await input.fill('https://api.example.com/v1/')
    await expect.poll(() => input.getAttribute('aria-invalid'), POLL).toBe('false')
    expect(await describedReason(page)).toBeNull()
    expect(app.pageErrors).toEqual([])
  })

  it('tests an unsaved URL with a key typed for the test only: that service gets it, nothing keeps it', async () => {
    const typedKey = 'sk-typed-for-test-0123456789'
    other = await startLocalService({ apiKey: typedKey })
    const app = await suite.start()
    const { page } = app
    await waitForTvl(page, 4)
    await openSettings(page)
    const keyField = page.getByLabel('Key for this test')
    // The saved service (demo) needs no test key.
    expect(await keyField.count()).toBe(0)
    await page.getByLabel('Service base URL').fill(other.url)
    await expect.poll(() => keyField.count(), POLL).toBe(1)

    // Without a key: the service is reached with no Authorization header, and the result says so.
    await page.getByRole('button', { name: 'Test connection' }).click()
    const result = page.getByTestId('connection-result')
    await expect.poll(() => result.textContent(), POLL).toMatch(/answers, but it needs an API key/)
    await app.screenshot('settings-test-unsaved-url')
    expect(other.requestLog().map((r) => r.authorization)).toEqual(
      other.requestLog().map(() => null),
    )

    await keyField.fill(typedKey)
    await page.getByRole('button', { name: 'Test connection' }).click()
    await expect.poll(() => result.textContent(), POLL).toMatch(/Connection works/)
    expect(other.requestLog().at(-1)!.authorization).toBe(`Bearer ${typedKey}`)
    // Cleared after the test, carried only by that one request, stored and saved nowhere.
    expect(await keyField.inputValue()).toBe('')
    const carrying = app.bridge.records.filter((r) => JSON.stringify(r).includes(typedKey))
    expect(carrying).toHaveLength(1)
    expect(carrying[0]!.kind === 'request' && carrying[0]!.method).toBe('testConnection')
    expect(JSON.stringify(carrying[0]!.kind === 'request' && carrying[0]!.result)).not.toContain(
      typedKey,
    )
    expect(await page.locator('body').innerText()).not.toContain(typedKey)
    expect(readFileSync(join(app.dataDir, 'settings.json'), 'utf8')).not.toContain(typedKey)
    expect(app.bridge.requests('setApiKey')).toEqual([])
    expect(app.pageErrors).toEqual([])
  })
})
