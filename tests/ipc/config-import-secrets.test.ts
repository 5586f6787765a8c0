// An import that removes a contact point, or makes it another kind, must not leave its secret
// behind in the keychain (as Settings → Contact points → Remove does not): "a point is never gone
// while its secret stays". Through the real core, the handler table and the real keychain
// (scripts/with-keyring.sh).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { KeychainContactPointSecrets } from '../../src/main/engine/secrets/contact-point-secrets'
import { KeytarSecretStore } from '../../src/main/engine/secrets/secret-store-keytar'
import { createConfigFileCalls } from '../../src/main/ipc/config-files'
import { createIpcHandlers } from '../../src/main/ipc/handlers'
import type { ContactPoint } from '../../src/shared/contact-points'
import { harness, type Harness } from '../core/helpers'

const service = `Liquidity Watch (config import secrets test ${process.pid}-${Date.now()})`
const keychainOk = (await new KeytarSecretStore({ service, account: 'probe' }).status())
  .keychainAvailable

const point = (id: string): ContactPoint => ({
  id,
  name: id,
  kind: 'webhook',
  enabled: true,
  isDefault: false,
  minSeverity: 'warning',
  quietHours: null,
  template: { title: null, body: null },
  format: 'slack',
  urlHint: null,
})

let h: Harness | null = null
let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lw-config-secrets-'))
})
afterEach(async () => {
  await h?.close()
  h = null
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe.skipIf(!keychainOk && process.env.CI !== 'true')(
  'an import and contact point secrets',
  () => {
    const secrets = new KeychainContactPointSecrets({ service, timeoutMs: 5_000 })

    it('clears the secret of a contact point the file removes or turns into another kind; keeps the others', async () => {
      h = await harness({ deps: { contactPointSecrets: secrets } })
      let pick = ''
      const t = createIpcHandlers(h.core, {
        configFiles: createConfigFileCalls(h.core, {
          chooseExportPath: () => Promise.resolve(pick),
          chooseImportPath: () => Promise.resolve(pick),
        }),
      })
      for (const id of ['gone', 'kept', 'changed']) {
        expect((await t.saveContactPoint([point(id)])).ok).toBe(true)
        const url = `https://hooks.slack.com/services/T0/B0/${id}SECRET`
        expect((await t.setContactPointSecret([id, url])).ok).toBe(true)
      }
      pick = join(dir, 'export.yaml')
      expect(await t.exportConfig([])).toMatchObject({ ok: true })
      const doc = parse(readFileSync(pick, 'utf8')) as { contactPoints: Record<string, unknown>[] }
      doc.contactPoints = doc.contactPoints
        .filter((p) => p['id'] !== 'gone')
        .map((p) =>
          p['id'] === 'changed'
            ? { ...p, kind: 'ntfy', server: 'https://ntfy.sh', topic: 'lw-alerts' }
            : p,
        )
      for (const p of doc.contactPoints) if (p['id'] === 'changed') delete p['format']
      pick = join(dir, 'team.json')
      writeFileSync(pick, JSON.stringify(doc))
      const preview = await t.previewConfigImport([])
      if (!preview.ok || (preview.value as { outcome: string }).outcome !== 'ready')
        throw new Error(`expected a preview: ${JSON.stringify(preview)}`)
      const token = (preview.value as { token: string }).token
      expect(await t.applyConfigImport([token])).toMatchObject({
        ok: true,
        value: { outcome: 'applied' },
      })
      expect((await h.core.getContactPoints()).map((p) => [p.id, p.kind])).toEqual([
        ['desktop', 'desktop'],
        ['kept', 'webhook'],
        ['changed', 'ntfy'],
      ])
      expect(await secrets.get('gone')).toBeNull()
      expect(await secrets.get('changed')).toBeNull()
      expect(await secrets.get('kept')).toBe('https://hooks.slack.com/services/T0/B0/keptSECRET')
      await secrets.clear('kept')
    })
  },
)
