// Settings → Export/Import through the handler table over the real AppCore and real files: main
// picks the file (an injected dialog: the OS boundary), writes the canonical config, previews an
// import (changes, or every problem by line and field), applies exactly what was previewed as one
// change, and never reads a path the renderer names.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { createConfigFileCalls, type ConfigFileDialog } from '../../src/main/ipc/config-files'
import { createIpcHandlers, type IpcHandlerTable } from '../../src/main/ipc/handlers'
import type { IpcMethod } from '../../src/shared/ipc-channels'
import type { IpcArgs, IpcResults } from '../../src/shared/ipc-contract'
import { harness, type Harness } from '../core/helpers'

let h: Harness | null = null
let dir = ''
/** What the user picks in the next dialogs (null: Cancel); each dialog shown is recorded. */
let picks: (string | null)[] = []
let shown: string[] = []

const dialog: ConfigFileDialog = {
  chooseExportPath: (name) => {
    shown.push(`save ${name}`)
    return Promise.resolve(picks.shift() ?? null)
  },
  chooseImportPath: () => {
    shown.push('open')
    return Promise.resolve(picks.shift() ?? null)
  },
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lw-config-ipc-'))
  picks = []
  shown = []
})
afterEach(async () => {
  await h?.close()
  h = null
  rmSync(dir, { recursive: true, force: true })
})

async function table(): Promise<IpcHandlerTable> {
  h = await harness({ settings: { watchlist: ['TSLA', 'NVDA'] } })
  return createIpcHandlers(h.core, { configFiles: createConfigFileCalls(h.core, dialog) })
}

/** The renderer's call: the method's result, or a throw with the error it got. */
async function run<M extends IpcMethod>(
  t: IpcHandlerTable,
  m: M,
  ...args: IpcArgs<M>
): Promise<IpcResults[M]> {
  const r = await t[m](args)
  if (!r.ok) throw new Error(`${r.error.kind}: ${r.error.message}`)
  return r.value as IpcResults[M]
}

/** The exported YAML with another watchlist and the default rule's threshold raised. */
function editedConfig(path: string): string {
  const doc = parse(readFileSync(path, 'utf8')) as {
    watchlist: string[]
    rules: { condition: { thresholdPct?: number } }[]
  }
  doc.watchlist = ['TSLA', 'NVDA', 'MSFT', 'AAPL']
  doc.rules[0]!.condition.thresholdPct = 25
  const out = join(dir, 'edited.json')
  writeFileSync(out, JSON.stringify(doc, null, 2))
  return out
}

describe('config:export', () => {
  it('writes YAML or JSON by the chosen extension, the bytes `config export` writes', async () => {
    const t = await table()
    const yamlPath = join(dir, 'lw.yaml')
    const jsonPath = join(dir, 'lw.json')
    picks = [yamlPath, jsonPath]
    expect(await run(t, 'exportConfig')).toEqual({
      outcome: 'saved',
      path: yamlPath,
      format: 'yaml',
    })
    expect(await run(t, 'exportConfig')).toMatchObject({ outcome: 'saved', format: 'json' })
    expect(shown).toEqual(['save liquidity-watch.yaml', 'save liquidity-watch.yaml'])
    expect(readFileSync(yamlPath, 'utf8')).toBe(await h!.core.configText('yaml'))
    const json = JSON.parse(readFileSync(jsonPath, 'utf8')) as { watchlist: string[] }
    expect(json.watchlist).toEqual(['TSLA', 'NVDA'])
  })

  it('writes nothing when the user cancels', async () => {
    const t = await table()
    picks = [null]
    expect(await run(t, 'exportConfig')).toEqual({ outcome: 'canceled' })
  })

  it('says in plain words when the file cannot be written', async () => {
    const t = await table()
    picks = [join(dir, 'no-such-folder', 'lw.yaml')]
    const r = await t.exportConfig([])
    expect(r).toMatchObject({ ok: false, error: { kind: 'storage' } })
    expect(r.ok ? '' : r.error.message).toMatch(/could not be written to .*lw\.yaml/)
  })
})

describe('config:import', () => {
  it('previews the changes, changes nothing until Apply, then applies them as one change', async () => {
    const t = await table()
    picks = [join(dir, 'export.yaml')]
    await run(t, 'exportConfig')
    const file = editedConfig(join(dir, 'export.yaml'))
    picks = [file]
    const preview = await run(t, 'previewConfigImport')
    expect(preview).toMatchObject({ outcome: 'ready', path: file })
    if (preview.outcome !== 'ready') return
    expect(preview.changes).toEqual([
      'Symbols added: MSFT, AAPL',
      'Rules changed: default-7d-drop (condition)',
    ])
    expect(preview.summary).toBe('2 symbols added, 1 rule changed')
    expect((await run(t, 'getSettings')).watchlist).toEqual(['TSLA', 'NVDA'])

    const rowsBefore = h!.rowsEmitted.length
    const applied = await run(t, 'applyConfigImport', preview.token)
    expect(applied).toEqual({
      outcome: 'applied',
      path: file,
      changes: preview.changes,
      summary: '2 symbols added, 1 rule changed',
    })
    const s = await run(t, 'getSettings')
    expect(s.watchlist).toEqual(['TSLA', 'NVDA', 'MSFT', 'AAPL'])
    expect(s.rules[0]!.condition).toMatchObject({ thresholdPct: 25 })
    // The window is told at once (the watchlist shows the new symbols without a restart).
    expect(h!.rowsEmitted.length).toBeGreaterThan(rowsBefore)
    expect(h!.rowsEmitted.at(-1)!.map((r) => r.symbol)).toEqual(['TSLA', 'NVDA', 'MSFT', 'AAPL'])
    // The token was for one apply.
    const again = await t.applyConfigImport([preview.token])
    expect(again).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } })
  })

  it('applies what was previewed, even if the file changed since', async () => {
    const t = await table()
    picks = [join(dir, 'export.yaml')]
    await run(t, 'exportConfig')
    const file = editedConfig(join(dir, 'export.yaml'))
    picks = [file]
    const preview = await run(t, 'previewConfigImport')
    writeFileSync(file, 'version: 1\nwatchlist: [GOLD]\n')
    if (preview.outcome !== 'ready') throw new Error('expected a preview')
    await run(t, 'applyConfigImport', preview.token)
    expect((await run(t, 'getSettings')).watchlist).toEqual(['TSLA', 'NVDA', 'MSFT', 'AAPL'])
  })

  it('refuses a bad file whole, every problem by line and field, and changes nothing', async () => {
    const t = await table()
    const before = await run(t, 'getSettings')
    const file = join(dir, 'bad.yaml')
    writeFileSync(
      file,
      [
        'version: 1',
        'watchlist: [TSLA, "not a symbol!"]',
        'polling: { intervalMinutes: 0, baseUrl: null }',
        'notifications:',
        '  enabled: true',
        '  notifyUnverified: false',
        '  quietHours: { enabled: false, start: "22:00", end: "07:00" }',
        'contactPoints: []',
        'rules: []',
        'colour: blue',
        '',
      ].join('\n'),
    )
    picks = [file]
    const preview = await run(t, 'previewConfigImport')
    expect(preview).toMatchObject({ outcome: 'refused', path: file })
    if (preview.outcome !== 'refused') return
    expect(preview.problems).toEqual([
      expect.stringMatching(/^line 2, watchlist\[1\]: /),
      expect.stringMatching(/^line 3, polling\.intervalMinutes: /),
      'line 10, colour: is not a field Liquidity Watch knows (check its spelling)',
    ])
    expect(await run(t, 'getSettings')).toEqual(before)
    expect('token' in preview).toBe(false)
  })

  it('refuses a rule naming a contact point the file does not have', async () => {
    const t = await table()
    const before = await run(t, 'getSettings')
    picks = [join(dir, 'export.yaml')]
    await run(t, 'exportConfig')
    const text = readFileSync(join(dir, 'export.yaml'), 'utf8').replace(
      '    severity:',
      '    contactPoints: [hoook]\n    severity:',
    )
    const file = join(dir, 'typo.yaml')
    writeFileSync(file, text)
    const line = text.split('\n').findIndex((l) => l.includes('hoook')) + 1
    picks = [file]
    const preview = await run(t, 'previewConfigImport')
    expect(preview).toMatchObject({
      outcome: 'refused',
      problems: [
        `line ${line}, rules[0].contactPoints[0]: no contact point "hoook" (the file has: desktop)`,
      ],
    })
    expect(await run(t, 'getSettings')).toEqual(before)
  })

  it('cancel drops the waiting import; a new preview replaces it', async () => {
    const t = await table()
    picks = [join(dir, 'export.yaml')]
    await run(t, 'exportConfig')
    const file = editedConfig(join(dir, 'export.yaml'))
    picks = [file, file]
    const first = await run(t, 'previewConfigImport')
    const second = await run(t, 'previewConfigImport')
    if (first.outcome !== 'ready' || second.outcome !== 'ready')
      throw new Error('expected previews')
    expect(second.token).not.toBe(first.token)
    expect(await t.applyConfigImport([first.token])).toMatchObject({ ok: false })
    await run(t, 'cancelConfigImport', second.token)
    expect(await t.applyConfigImport([second.token])).toMatchObject({ ok: false })
    expect((await run(t, 'getSettings')).watchlist).toEqual(['TSLA', 'NVDA'])
  })

  it('a canceled dialog previews nothing', async () => {
    const t = await table()
    picks = [null]
    expect(await run(t, 'previewConfigImport')).toEqual({ outcome: 'canceled' })
  })

  it('main reads no path the renderer names: a path as the token is refused before any file is read', async () => {
    const t = await table()
    const secret = join(dir, 'elsewhere.yaml')
    writeFileSync(secret, 'version: 1\n')
    const r = await t.applyConfigImport([secret])
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } })
    expect(r.ok ? '' : r.error.message).not.toContain('version')
    expect(shown).toEqual([])
  })
})

it('without the shell the engine refuses the file calls, and touches no file', async () => {
  h = await harness()
  const t = createIpcHandlers(h.core)
  const r = await t.exportConfig([])
  expect(r).toMatchObject({ ok: false, error: { kind: 'internal' } })
  expect(existsSync(join(dir, 'liquidity-watch.yaml'))).toBe(false)
})
