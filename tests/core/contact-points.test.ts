// Contact points through the real core and the handler table: saved in settings with only a
// masked hint, secrets in the real keychain (scripts/with-keyring.sh), never readable by the
// renderer, never in the data dir; removing a contact point clears its secret.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createIpcHandlers } from '../../src/main/ipc/handlers'
import { KeychainContactPointSecrets } from '../../src/main/engine/secrets/contact-point-secrets'
import { KeytarSecretStore } from '../../src/main/engine/secrets/secret-store-keytar'
import { defaultRules } from '../../src/shared/alert-rules'
import type { ContactPoint } from '../../src/shared/contact-points'
import { harness, type Harness } from './helpers'

const SECRET_URL = 'https://hooks.slack.com/services/T0SECRET/B0SECRET/xyzSECRETtoken'
const service = `Liquidity Watch (contact point test ${process.pid}-${Date.now()})`
const keychainOk = (await new KeytarSecretStore({ service, account: 'probe' }).status())
  .keychainAvailable

const slack: ContactPoint = {
  id: 'team-slack',
  name: 'Team Slack',
  kind: 'webhook',
  enabled: true,
  isDefault: true,
  minSeverity: 'warning',
  quietHours: null,
  template: { title: null, body: null },
  format: 'slack',
  urlHint: null,
}

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

async function grepDir(dir: string, needle: string): Promise<string[]> {
  const hits: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    if ((await readFile(path)).includes(needle)) hits.push(path)
  }
  return hits
}

describe.skipIf(!keychainOk && process.env.CI !== 'true')(
  'contact points with the real keychain',
  () => {
    const secrets = new KeychainContactPointSecrets({ service, timeoutMs: 5_000 })

    it('a webhook secret goes to the keychain, settings keep a masked hint, nothing returns it and the data dir never holds it', async () => {
      h = await harness({ deps: { contactPointSecrets: secrets } })
      const table = createIpcHandlers(h.core)
      const answers: unknown[] = []
      answers.push(await table.saveContactPoint([{ ...slack, urlHint: 'forged hint' }]))
      answers.push(await table.setContactPointSecret(['team-slack', SECRET_URL]))
      const points = await h.core.getContactPoints()
      expect(points.map((p) => p.id)).toEqual(['desktop', 'team-slack'])
      expect(points[1]).toMatchObject({ urlHint: 'https://hooks.slack.com/services/T0…/••••' })
      expect(await secrets.get('team-slack')).toBe(SECRET_URL)
      // Every answer the renderer can get, and every status, lacks the secret and its token.
      answers.push(await table.getContactPoints([]), await table.getSettings([]))
      answers.push(await table.getStatus([]), await table.getDeliveryLog([50]))
      answers.push(await table.previewTemplate(['team-slack', { title: null, body: null }]))
      answers.push(await table.testContactPoint(['team-slack']))
      const seen = JSON.stringify([answers, h.statuses, h.logLines])
      expect(seen).not.toContain('SECRET')
      await h.core.stop()
      expect(await grepDir(h.dir, 'SECRET')).toEqual([])
    })

    it('removing a contact point clears its secret and takes it out of the rules that named it', async () => {
      const rules = defaultRules()
      rules[0] = { ...rules[0]!, contactPoints: ['team-slack'] }
      h = await harness({ settings: { rules }, deps: { contactPointSecrets: secrets } })
      await h.core.saveContactPoint(slack)
      await h.core.setContactPointSecret('team-slack', SECRET_URL)
      expect(await h.core.removeContactPoint('team-slack')).toMatchObject([{ id: 'desktop' }])
      expect(await secrets.get('team-slack')).toBeNull()
      // Named only it: the rule is back on the defaults, never on no one.
      expect((await h.core.getRules())[0]!.contactPoints).toBeUndefined()
    })

    it('clearing a secret removes it from the keychain and the hint from settings', async () => {
      h = await harness({ deps: { contactPointSecrets: secrets } })
      await h.core.saveContactPoint(slack)
      await h.core.setContactPointSecret('team-slack', SECRET_URL)
      const after = await h.core.clearContactPointSecret('team-slack')
      expect(after[1]).toMatchObject({ urlHint: null })
      expect(await secrets.get('team-slack')).toBeNull()
    })

    it('a webhook over plain http to another computer is refused in plain words, without echoing it', async () => {
      h = await harness({ deps: { contactPointSecrets: secrets } })
      await h.core.saveContactPoint(slack)
      const table = createIpcHandlers(h.core)
      const r = await table.setContactPointSecret(['team-slack', 'http://hooks.example.com/SECRET'])
      expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } })
      if (r.ok) return
      expect(r.error.message).toMatch(/plain http:\/\/ to hooks\.example\.com.*use https:\/\//)
      expect(r.error.message).not.toContain('SECRET')
      expect(await secrets.get('team-slack')).toBeNull()
    })

    it('a webhook address with a login in it is refused at save, in plain words, without echoing it', async () => {
      h = await harness({ deps: { contactPointSecrets: secrets } })
      await h.core.saveContactPoint(slack)
      const table = createIpcHandlers(h.core)
      const r = await table.setContactPointSecret([
        'team-slack',
        'https://bot:SECRETpw@hooks.example.com/services/T0/B0/x',
      ])
      expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } })
      if (r.ok) return
      expect(r.error.message).toMatch(
        /^The webhook address has a user name or password in it \(the part before "@"\)/,
      )
      expect(r.error.message).toMatch(/token in the path/)
      expect(r.error.message).not.toContain('SECRET')
      expect(await secrets.get('team-slack')).toBeNull()
    })
  },
)

describe('contact point edits', () => {
  it('the desktop is listed first, cannot be removed, and can be turned off', async () => {
    h = await harness()
    expect(await h.core.getContactPoints()).toMatchObject([{ id: 'desktop', kind: 'desktop' }])
    await expect(h.core.removeContactPoint('desktop')).rejects.toThrow(/cannot be removed/)
    const [desktop] = await h.core.getContactPoints()
    const after = await h.core.saveContactPoint({ ...desktop!, enabled: false })
    expect(after).toMatchObject([{ id: 'desktop', enabled: false }])
  })

  it('a second desktop or a webhook under the desktop id is refused', async () => {
    h = await harness()
    await expect(h.core.saveContactPoint({ ...slack, id: 'desktop' })).rejects.toThrow(
      /the desktop's; choose another id/,
    )
    const [desktop] = await h.core.getContactPoints()
    await expect(h.core.saveContactPoint({ ...desktop!, id: 'desk-2' })).rejects.toThrow(
      /there is only one/,
    )
  })

  it('a desktop test shows the OS notification and says so', async () => {
    h = await harness()
    const r = await h.core.testContactPoint('desktop')
    expect(r).toMatchObject({ ok: true, status: 'Shown' })
    expect(h.notified).toHaveLength(1)
  })

  it('a contact point that does not exist is said in plain words', async () => {
    h = await harness()
    await expect(h.core.testContactPoint('nobody')).rejects.toThrow(
      'There is no contact point "nobody".',
    )
  })

  it('a rule naming a contact point that does not exist is not saved, in plain words', async () => {
    h = await harness()
    const rule = { ...defaultRules()[0]!, contactPoints: ['hoook'] }
    await expect(h.core.saveRule(rule)).rejects.toThrow(
      'The rule "' +
        rule.name +
        '" was not saved: there is no contact point "hoook" (there are: desktop).',
    )
    await expect(h.core.saveRule({ ...rule, contactPoints: ['desktop'] })).resolves.toHaveLength(1)
  })

  it('an ntfy server or Alertmanager over plain http to another computer is refused at save', async () => {
    h = await harness()
    const [desktop] = await h.core.getContactPoints()
    const common = { ...desktop!, id: 'phone', name: 'Phone', isDefault: false }
    await expect(
      h.core.saveContactPoint({
        ...common,
        kind: 'ntfy',
        server: 'http://ntfy.example.com',
        topic: 'alerts',
        tokenHint: null,
      }),
    ).rejects.toThrow(/The ntfy server uses plain http:\/\/ to ntfy\.example\.com/)
    await expect(
      h.core.saveContactPoint({ ...common, kind: 'alertmanager', url: 'http://127.0.0.1:9093' }),
    ).resolves.toHaveLength(2)
  })

  it('an ntfy server or Alertmanager address with a login in it is refused at save, saying where a token goes', async () => {
    h = await harness()
    const [desktop] = await h.core.getContactPoints()
    const common = { ...desktop!, id: 'phone', name: 'Phone', isDefault: false }
    const ntfy = h.core.saveContactPoint({
      ...common,
      kind: 'ntfy',
      server: 'https://me:SECRETpw@ntfy.example.com',
      topic: 'alerts',
      tokenHint: null,
    })
    await expect(ntfy).rejects.toThrow(
      /^The ntfy server has a user name or password in it \(the part before "@"\).*Put an access token in the token field/,
    )
    await expect(ntfy).rejects.not.toThrow(/SECRET/)
    await expect(
      h.core.saveContactPoint({
        ...common,
        kind: 'alertmanager',
        url: 'https://am:SECRETpw@am.example.com',
      }),
    ).rejects.toThrow(/^The Alertmanager address has a user name or password in it/)
    expect(await h.core.getContactPoints()).toHaveLength(1)
  })

  it('an ntfy server or Alertmanager address with a token in its query is refused at save (it would sit in the settings)', async () => {
    h = await harness()
    const [desktop] = await h.core.getContactPoints()
    const common = { ...desktop!, id: 'phone', name: 'Phone', isDefault: false }
    const ntfy = h.core.saveContactPoint({
      ...common,
      kind: 'ntfy',
      server: 'https://ntfy.example.com/?auth=SECRETtk',
      topic: 'alerts',
      tokenHint: null,
    })
    await expect(ntfy).rejects.toThrow(
      /^The ntfy server has a token or password in its query \(\?auth=…\)/,
    )
    await expect(ntfy).rejects.not.toThrow(/SECRET/)
    await expect(
      h.core.saveContactPoint({
        ...common,
        kind: 'alertmanager',
        url: 'https://am.example.com/api?token=SECRETtk',
      }),
    ).rejects.toThrow(/^The Alertmanager address has a token or password in its query/)
    expect(await h.core.getContactPoints()).toHaveLength(1)
  })
})
