// Delivery in the real renderer over the real engine, outbox and channels: Send test against a
// real local HTTP receiver (its answer shown in words), the template preview against the last
// real alert (and a template error in plain words), and the Alerts view's delivery log with an
// alert that reached a default webhook through the outbox; a receiver that keeps answering 500
// makes the status bar say so. Light and dark screenshots.
import { afterEach, describe, expect, it } from 'vitest'
import type { ContactPoint } from '../../src/shared/contact-points'
import { probeKeychain, useBrowserApps, type App } from './harness'
import { POLL, SLOW, waitForTvl, waitForView } from './helpers'
import { startReceiver, type Receiver } from './webhook-receiver'

const keychain = await probeKeychain()
const suite = useBrowserApps()
let receiver: Receiver | null = null
afterEach(async () => {
  await receiver?.close()
  receiver = null
})

const hook = (isDefault: boolean): ContactPoint => ({
  id: 'team-hook',
  name: 'Team hook',
  kind: 'webhook',
  enabled: true,
  isDefault,
  minSeverity: 'info',
  quietHours: null,
  template: { title: null, body: null },
  format: 'json',
  urlHint: null,
})

async function withHook(app: App, url: string, isDefault = false): Promise<void> {
  await app.invoke('saveContactPoint', hook(isDefault))
  await app.invoke('setContactPointSecret', 'team-hook', url)
}

const alertState = (a: App, symbol: string): Promise<string | null> =>
  a.page.locator(`tr[data-symbol="${symbol}"]`).getAttribute('data-alert-state')

/** The demo story's TVL drop on TSLA, polled until the rule fires. */
async function fireDrop(app: App): Promise<void> {
  await app.invoke('playDemoStory', { story: 'drop' })
  for (let i = 0; i < 4 && (await alertState(app, 'TSLA')) !== 'firing'; i++) {
    await app.invoke('refreshNow')
    await app.bridge.settled()
  }
  await expect.poll(() => alertState(app, 'TSLA'), SLOW).toBe('firing')
}

async function openSettings(app: App): Promise<void> {
  await app.page.getByTestId('nav-settings').click()
  await waitForView(app.page, 'settings')
  await app.page.getByTestId('contact-points-panel').scrollIntoViewIfNeeded()
}

describe.skipIf(!keychain.ok && process.env.CI !== 'true').each(['light', 'dark'] as const)(
  'delivery (%s)',
  (scheme) => {
    it('Send test posts to a real receiver and shows its answer; a 500 is said in plain words', async () => {
      receiver = await startReceiver()
      const app = await suite.start({ colorScheme: scheme, keychain: true })
      await waitForTvl(app.page, 4)
      await withHook(app, `${receiver.url}/hook/tokenSECRET`)
      await openSettings(app)
      const row = app.page.getByTestId('contact-point-team-hook')
      const answer = app.page.getByTestId('test-answer-team-hook')

      await row.getByRole('button', { name: 'Send test' }).click()
      await expect.poll(() => answer.textContent(), POLL).toMatch(/Sent — HTTP 200 at .* — /)
      expect(receiver.received).toHaveLength(1)
      expect(receiver.received[0]).toMatchObject({ method: 'POST', path: '/hook/tokenSECRET' })
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ version: 1 })

      receiver.answer(500, 'down for maintenance')
      await row.getByRole('button', { name: 'Send test' }).click()
      await expect
        .poll(() => answer.textContent(), POLL)
        .toMatch(/Failed — HTTP 500 at .* — .*down for maintenance/)
      expect(await answer.textContent()).not.toContain('SECRET')
      await row.scrollIntoViewIfNeeded()
      await app.screenshot(`contact-point-test-answer-${scheme}`)
      expect(app.pageErrors).toEqual([])
    })

    it('the template preview fills in the last real alert and says a template error in plain words', async () => {
      receiver = await startReceiver()
      const app = await suite.start({ colorScheme: scheme, keychain: true })
      await waitForTvl(app.page, 4)
      await withHook(app, `${receiver.url}/hook/x`)
      await fireDrop(app)
      await openSettings(app)
      const { page } = app
      await page.getByRole('button', { name: 'Edit Team hook' }).click()
      const dialog = page.getByTestId('contact-point-editor')
      await dialog
        .getByLabel('Title template')
        .fill('{{ symbol }} {{ state }} → {{ contactPoint }}')
      const preview = dialog.getByTestId('template-preview')
      await expect
        .poll(() => preview.textContent(), POLL)
        .toMatch(/Preview against the last event \(TSLA, /)
      await expect
        .poll(() => dialog.getByTestId('preview-title').textContent(), POLL)
        .toBe('TSLA fired → Team hook')
      await preview.scrollIntoViewIfNeeded()
      await app.screenshot(`template-preview-${scheme}`)

      await dialog.getByLabel('Title template').fill('{{ symbol | shout }}')
      await expect
        .poll(() => dialog.getByTestId('template-error').textContent(), POLL)
        .toMatch(/filter that does not exist: shout.*default text/)
      // The default title is what would be sent instead.
      expect(await dialog.getByTestId('preview-title').textContent()).toMatch(/TSLA/)
      await app.screenshot(`template-preview-error-${scheme}`)
      expect(app.pageErrors).toEqual([])
    })

    it('an alert reaches a default webhook through the outbox and the delivery log says so', async () => {
      receiver = await startReceiver()
      const app = await suite.start({ colorScheme: scheme, keychain: true })
      const { page } = app
      await waitForTvl(page, 4)
      await withHook(app, `${receiver.url}/hook/x`, true)
      await fireDrop(app)
      await expect.poll(() => receiver!.received.length, SLOW).toBeGreaterThan(0)

      await page.getByTestId('nav-alerts').click()
      await waitForView(page, 'alerts')
      const log = page.getByTestId('delivery-log')
      await expect.poll(() => log.locator('tr[data-status="sent"]').count(), SLOW).toBe(1)
      expect(await log.locator('tr[data-status="sent"]').textContent()).toMatch(/TSLA.*Team hook/)

      await page.getByTestId('delivery-log-panel').scrollIntoViewIfNeeded()
      await app.screenshot(`delivery-log-${scheme}`)
      expect(app.pageErrors).toEqual([])
    })
  },
)
