// Removing a contact point that rules name, in the real renderer over the real engine: the rules
// let go of it (a rule it was the only point of goes back to the default contact points, never to
// no one), and Settings says which rules changed and where they now send — nothing silently.
import { describe, expect, it } from 'vitest'
import { defaultRules } from '../../src/shared/alert-rules'
import type { ContactPoint } from '../../src/shared/contact-points'
import { useBrowserApps } from './harness'
import { POLL, waitForTvl, waitForView } from './helpers'

const suite = useBrowserApps()

const pager: ContactPoint = {
  id: 'pager',
  name: 'Pager',
  kind: 'alertmanager',
  url: 'http://127.0.0.1:9/',
  enabled: true,
  isDefault: false,
  minSeverity: 'info',
  quietHours: null,
  template: { title: null, body: null },
}

describe('removing a contact point that rules name', () => {
  it('says which rules let go of it and where they send now', async () => {
    const app = await suite.start()
    await app.core.saveContactPoint(pager)
    const [base] = defaultRules()
    await app.core.saveRule({ ...base!, id: 'only', name: 'Only pager', contactPoints: ['pager'] })
    await app.core.saveRule({
      ...base!,
      id: 'both',
      name: 'Pager and desktop',
      contactPoints: ['pager', 'desktop'],
    })
    const { page } = app
    await waitForTvl(page, 4)
    await page.getByTestId('nav-settings').click()
    await waitForView(page, 'settings')
    await page.getByTestId('contact-points-panel').scrollIntoViewIfNeeded()
    await page.getByRole('button', { name: 'Remove Pager' }).click()
    const note = page.getByTestId('contact-point-removed')
    await expect
      .poll(() => note.textContent(), POLL)
      .toBe(
        'Removed Pager. “Only pager” sent only there and now goes to the default contact points. “Pager and desktop” still goes to its other contact points.',
      )
    const rules = await app.core.getRules()
    expect(rules.find((r) => r.id === 'only')!.contactPoints).toBeUndefined()
    expect(rules.find((r) => r.id === 'both')!.contactPoints).toEqual(['desktop'])
    expect(app.pageErrors).toEqual([])
  })
})
