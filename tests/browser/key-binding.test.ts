// Settings → Data service when the address changes: the saved key belongs to the service it was
// entered for. Saving another address does not send it there; the form says so before and after
// saving and offers "Use the saved key for this service too" as an explicit action. Proven by the
// second service's request log, with the key in the real keychain.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { sent, servicesPerTest } from '../service/helpers'
import { probeKeychain, useBrowserApps } from './harness'
import { POLL, waitForView } from './helpers'

const KEY = 'sk-bound-0123456789abcdef'
const keychain = await probeKeychain()
const inCI = process.env.CI === 'true'
const suite = useBrowserApps()
const service = servicesPerTest({ apiKey: KEY })

async function openSettings(page: Page): Promise<void> {
  await page.getByTestId('nav-settings').click()
  await waitForView(page, 'settings')
}

describe.skipIf(!keychain.ok && !inCI)('the saved key and a new Service URL', () => {
  it('saving another address asks for a key for it; the saved key is re-bound only when the user says so', async () => {
    if (!keychain.ok) throw new Error(`No keychain answers in CI: ${keychain.message}`)
    const a = await service()
    const b = await service()
    const app = await suite.start({ keychain: true, settings: (s) => ({ ...s, baseUrl: a.url }) })
    const { page } = app
    await openSettings(page)
    await page.getByLabel('API key', { exact: true }).fill(KEY)
    await page.getByRole('button', { name: 'Save key' }).click()
    await expect.poll(() => sent(a).length, POLL).toBeGreaterThan(0)

    // Typing another address: the form says the saved key will not go there.
    await page.getByLabel('Service base URL').fill(b.url)
    const before = page.getByTestId('key-not-sent')
    await expect.poll(() => before.textContent(), POLL).toContain(`for ${a.url}`)
    await page.getByRole('button', { name: 'Save', exact: true }).click()

    // Saved: the key status asks for a key for B, in plain words; B got no key.
    const mismatch = page.getByTestId('key-mismatch')
    const said = `The saved API key was entered for ${a.url}; enter a key for ${b.url}`
    await expect.poll(() => mismatch.textContent(), POLL).toContain(said)
    // Among the banners (a slow machine may show another error of the same poll first).
    const banner = page.getByTestId('banner-error').filter({ hasText: said })
    await expect.poll(() => banner.count(), { ...POLL, timeout: 30_000 }).toBeGreaterThan(0)
    await app.screenshot('settings-key-for-another-service')
    expect(sent(b)).toEqual([])

    // The explicit action re-binds it: now B gets the key, and the question is gone.
    await page.getByRole('button', { name: 'Use the saved key for this service too' }).click()
    await expect.poll(() => mismatch.count(), POLL).toBe(0)
    await expect.poll(() => sent(b).length, POLL).toBeGreaterThan(0)
    expect(new Set(sent(b))).toEqual(new Set([`Bearer ${KEY}`]))
    expect(app.pageErrors).toEqual([])
  })
})
