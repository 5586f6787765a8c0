// `config import` through the bundled command with a real private keychain (scripts/with-keyring.sh):
// a contact point the file removes, or makes another kind, takes its secret out of the keychain, as
// the app's Settings → Import does; --dry-run clears nothing; with no keychain the import still
// stands and a note says the old secret could not be removed.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { KeychainContactPointSecrets } from '../../src/main/engine/secrets/contact-point-secrets'
import { keychainServiceName } from '../../src/main/engine/secrets/secret-store'
import { defaultSettings } from '../../src/shared/settings-schema'
import { onlyInThrowawayKeyring } from '../shell/throwaway-keyring'
import { cli, dataDirs } from './run-cli'

const T = 60_000
const dirs = dataDirs()
afterAll(() => dirs.cleanup())

const hook = (id: string): Record<string, unknown> => ({
  id,
  name: id,
  kind: 'webhook',
  format: 'slack',
  urlHint: 'https://hooks.slack.com/…/•••',
})
const url = (id: string): string => `https://hooks.slack.com/services/T0/B0/${id}SECRET`

/** A data dir whose settings hold webhooks `ids` (each with its hint), and a config file that keeps
 * only "kept" and turns "changed" into an ntfy point. */
async function setUp(ids: string[]): Promise<{ dir: string; file: string }> {
  const dir = await dirs.make()
  writeFileSync(
    join(dir, 'settings.json'),
    JSON.stringify({ ...defaultSettings(), contactPoints: ids.map(hook) }),
  )
  const exported = await cli(['config', 'export', '--data-dir', dir])
  expect(exported.code).toBe(0)
  const doc = JSON.parse(exported.stdout) as { contactPoints: Record<string, unknown>[] }
  doc.contactPoints = doc.contactPoints
    .filter((p) => p['id'] !== 'gone')
    .map((p) => {
      if (p['id'] !== 'changed') return p
      const { format: _format, ...rest } = p
      return { ...rest, kind: 'ntfy', server: 'https://ntfy.sh', topic: 'lw-alerts' }
    })
  const file = join(dir, 'team.json')
  writeFileSync(file, JSON.stringify(doc))
  return { dir, file }
}

const kinds = (dir: string): [string, string][] =>
  (
    JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as {
      contactPoints: { id: string; kind: string }[]
    }
  ).contactPoints.map((p) => [p.id, p.kind])

describe('config import and contact point secrets', () => {
  const secrets = new KeychainContactPointSecrets({
    service: keychainServiceName(true),
    timeoutMs: 5_000,
  })

  it(
    'clears the secret of a contact point the file removes or makes another kind; keeps the others',
    { timeout: T },
    async (ctx) => {
      onlyInThrowawayKeyring(ctx)
      const { dir, file } = await setUp(['gone', 'kept', 'changed'])
      for (const id of ['gone', 'kept', 'changed']) await secrets.set(id, url(id))
      try {
        const r = await cli(['config', 'import', file, '--data-dir', dir])
        expect(r.stderr).toBe('')
        expect(r.code).toBe(0)
        expect(kinds(dir)).toEqual([
          ['kept', 'webhook'],
          ['changed', 'ntfy'],
        ])
        expect(await secrets.get('gone')).toBeNull()
        expect(await secrets.get('changed')).toBeNull()
        expect(await secrets.get('kept')).toBe(url('kept'))
        expect(r.stdout + r.stderr).not.toContain('SECRET')
      } finally {
        for (const id of ['gone', 'kept', 'changed']) await secrets.clear(id)
      }
    },
  )

  it('--dry-run clears no secret', { timeout: T }, async (ctx) => {
    onlyInThrowawayKeyring(ctx)
    const { dir, file } = await setUp(['gone', 'kept', 'changed'])
    for (const id of ['gone', 'changed']) await secrets.set(id, url(id))
    try {
      const r = await cli(['config', 'import', file, '--dry-run', '--data-dir', dir])
      expect(r.code).toBe(0)
      expect(await secrets.get('gone')).toBe(url('gone'))
      expect(await secrets.get('changed')).toBe(url('changed'))
    } finally {
      for (const id of ['gone', 'changed']) await secrets.clear(id)
    }
  })

  it(
    'with no keychain the import stands, and a note says the old secret could not be removed',
    { timeout: T },
    async () => {
      const { dir, file } = await setUp(['gone', 'kept'])
      const r = await cli(['config', 'import', file, '--data-dir', dir], {
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/lw-cli-bus',
        DISPLAY: '',
      })
      expect(r.code).toBe(0)
      expect(r.stdout).toContain(`Imported ${file}`)
      expect(kinds(dir)).toEqual([['kept', 'webhook']])
      expect(r.stderr).toMatch(
        /^note: The secret of contact point gone could not be removed from the keychain: .+$/m,
      )
      expect(r.stderr).not.toMatch(/^error:/m)
    },
  )
})
