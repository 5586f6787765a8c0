// Settings → Contact points in the real renderer over the real engine: a webhook added through
// the form, its URL set as a write-only secret (shown masked, kept in the real keychain, never in
// the data dir), Send test with the receiver's answer, the template preview, the rule editor's
// routing; axe on the editor; screenshots light and dark.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { afterEach, describe, expect, it } from 'vitest'
import { probeKeychain, useBrowserApps, type App } from './harness'
import { POLL, waitForTvl, waitForView } from './helpers'
import { startReceiver, type Receiver } from './webhook-receiver'

const keychain = await probeKeychain()
const suite = useBrowserApps()
let receiver: Receiver | null = null
afterEach(async () => {
  await receiver?.close()
  receiver = null
})

const TOKEN = 'T0SECRET-B0SECRET-tokenSECRET'

function filesHolding(dir: string, needle: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .filter((p) => readFileSync(p).includes(needle))
}

async function serious(app: App): Promise<string[]> {
  const r = await new AxeBuilder({ page: app.page }).analyze()
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
}

async function openContactPoints(app: App): Promise<void> {
  await waitForTvl(app.page, 4)
  await app.page.getByTestId('nav-settings').click()
  await waitForView(app.page, 'settings')
  await app.page.getByTestId('contact-points-panel').scrollIntoViewIfNeeded()
}

/** Adds a webhook through the form, with the receiver's URL as its secret. */
async function addWebhook(app: App, url: string): Promise<void> {
  const { page } = app
  await page.getByLabel('Add', { exact: true }).selectOption('webhook')
  await page.getByRole('button', { name: 'Add contact point' }).click()
  const dialog = page.getByTestId('contact-point-editor')
  await dialog.getByLabel('Name').fill('Team hook')
  await dialog.getByLabel('Body format').selectOption('json')
  await dialog.getByLabel('Webhook URL').fill(url)
  await dialog.getByRole('button', { name: 'Save contact point' }).click()
  await expect.poll(() => dialog.isVisible(), POLL).toBe(false)
}

describe.skipIf(!keychain.ok && process.env.CI !== 'true').each(['light', 'dark'] as const)(
  'contact points (%s)',
  (scheme) => {
    it('adds a webhook whose URL is write-only: masked in the list, in the keychain, in no file', async () => {
      receiver = await startReceiver()
      const app = await suite.start({ colorScheme: scheme, keychain: true })
      await openContactPoints(app)
      const { page } = app
      await expect.poll(() => page.getByTestId('contact-point-desktop').count(), POLL).toBe(1)
      await addWebhook(app, `${receiver.url}/hook/${TOKEN}`)

      const row = page.getByTestId('contact-point-team-hook')
      await expect.poll(() => row.textContent(), POLL).toMatch(/Team hook/)
      expect(await row.textContent()).toContain(`${receiver.url}/hook/T0…/••••`)
      expect(await page.content()).not.toContain('SECRET')
      await row.scrollIntoViewIfNeeded()
      await app.screenshot(`contact-points-${scheme}`)

      // The editor shows the hint, never the value; axe finds nothing serious.
      await row.getByRole('button', { name: 'Edit Team hook' }).click()
      const dialog = page.getByTestId('contact-point-editor')
      await expect.poll(() => dialog.isVisible(), POLL).toBe(true)
      expect(await dialog.getByLabel('Webhook URL').inputValue()).toBe('')
      expect(await dialog.textContent()).toContain('Stored in the system keychain')
      await expect
        .poll(() => dialog.getByTestId('template-preview').textContent(), POLL)
        .toMatch(/Preview against/)
      await app.screenshot(`contact-point-editor-${scheme}`)
      expect(await serious(app)).toEqual([])
      await dialog.getByRole('button', { name: 'Cancel' }).click()

      await app.core.stop()
      expect(filesHolding(app.dataDir, 'SECRET')).toEqual([])
      expect(app.pageErrors).toEqual([])
    })

    it('Send test on the desktop shows the notification and says so under it', async () => {
      const app = await suite.start({ colorScheme: scheme, keychain: true })
      await openContactPoints(app)
      const { page } = app
      await page
        .getByTestId('contact-point-desktop')
        .getByRole('button', { name: 'Send test' })
        .click()
      const answer = page.getByTestId('test-answer-desktop')
      await expect
        .poll(() => answer.textContent(), POLL)
        .toMatch(/Shown at .* — A test notification was shown/)
      expect(app.notifications).toHaveLength(1)
    })

    it('the rule editor sends a rule to chosen contact points, saved with the rule', async () => {
      receiver = await startReceiver()
      const app = await suite.start({ colorScheme: scheme, keychain: true })
      await openContactPoints(app)
      await addWebhook(app, `${receiver.url}/hook/${TOKEN}`)
      const { page } = app
      await page.getByTestId('nav-alerts').click()
      await waitForView(page, 'alerts')
      await page.getByRole('button', { name: 'New rule' }).click()
      const editor = page.getByTestId('rule-editor')
      await editor.getByLabel('Name', { exact: true }).fill('Routed drop')
      await editor.getByLabel('Severity').selectOption('critical')
      await expect
        .poll(() => editor.getByTestId('rule-routing-note').textContent(), POLL)
        .toMatch(/Now: Desktop\./)
      await editor.getByLabel('Send to').selectOption('chosen')
      await editor.getByRole('checkbox', { name: 'Desktop' }).uncheck()
      await editor.getByRole('checkbox', { name: 'Team hook' }).check()
      await editor.getByTestId('rule-contact-points').scrollIntoViewIfNeeded()
      await app.screenshot(`rule-routing-${scheme}`)
      await editor.getByRole('button', { name: 'Save rule' }).click()
      await expect.poll(() => editor.isVisible(), POLL).toBe(false)
      const saved = (await app.core.getRules()).find((r) => r.name === 'Routed drop')
      expect(saved).toMatchObject({ severity: 'critical', contactPoints: ['team-hook'] })
    })
  },
)
