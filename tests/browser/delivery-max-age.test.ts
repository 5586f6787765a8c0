// Settings → Contact points: "Drop undelivered messages after" (settings.deliveryMaxAgeHours) in
// the real renderer over the real core: a value out of range is refused in the settings schema's
// own words and not saved; a good one is saved to settings.json and shown again after a reload.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useBrowserApps } from './harness'
import { POLL, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

const savedHours = (dataDir: string): unknown =>
  (JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as Record<string, unknown>)
    .deliveryMaxAgeHours

describe.each(['light', 'dark'] as const)('delivery age limit in Settings (%s)', (scheme) => {
  it('changing "Drop undelivered messages after" persists; out of range is refused in plain words', async () => {
    const app = await suite.start({ colorScheme: scheme })
    const { page } = app
    await waitForTvl(page, 4)
    await page.getByTestId('nav-settings').click()
    await waitForView(page, 'settings')
    const panel = page.getByTestId('contact-points-panel')
    const field = panel.getByLabel('Drop undelivered messages after')
    await field.scrollIntoViewIfNeeded()
    await expect.poll(() => field.inputValue(), POLL).toBe('24')
    expect(await panel.textContent()).toContain('dropped, with a note in the delivery log')

    // Out of range: the schema's words, nothing saved.
    await field.fill('200')
    await field.blur()
    const error = page.getByTestId('delivery-max-age-error')
    await expect
      .poll(() => error.textContent(), POLL)
      .toMatch(/Drop undelivered messages after must be at most 7 days \(168 hours\)\./)
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    expect((await app.core.getSettings()).deliveryMaxAgeHours).toBe(24)
    await app.screenshot(`settings-delivery-age-error-${scheme}`)

    await field.fill('48')
    await field.blur()
    await expect.poll(() => page.getByTestId('delivery-max-age-saved').count(), POLL).toBe(1)
    expect(await error.count()).toBe(0)
    expect((await app.core.getSettings()).deliveryMaxAgeHours).toBe(48)
    await expect.poll(() => savedHours(app.dataDir), POLL).toBe(48)
    await app.screenshot(`settings-delivery-age-${scheme}`)

    // Read back after a reload: it was kept, not only shown.
    await page.reload()
    await page.getByTestId('nav-settings').click()
    await waitForView(page, 'settings')
    const again = page
      .getByTestId('contact-points-panel')
      .getByLabel('Drop undelivered messages after')
    await expect.poll(() => again.inputValue(), POLL).toBe('48')
    expect(app.pageErrors).toEqual([])
  })
})
