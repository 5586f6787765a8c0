// Settings → Export/Import in the real composition root (src/main/index.ts) through the Electron
// fake: main opens the OS save/open dialogs (Electron's dialog is the boundary), writes the file
// the user chose, and imports the one they picked — previewed first, applied on request.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { closeAll, launchApp } from './launch'

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lw-shell-config-'))
})
afterEach(async () => {
  await closeAll()
  await rm(dir, { recursive: true, force: true })
})

it('exports through a save dialog and imports through an open dialog, over the focused window', async () => {
  const app = await launchApp({ settings: { watchlist: ['TSLA'] } })
  app.window().focus()
  const { dialog } = app.electron

  dialog.willChoose(join(dir, 'settings.yaml'))
  expect(await app.call('exportConfig')).toEqual({
    outcome: 'saved',
    path: join(dir, 'settings.yaml'),
    format: 'yaml',
  })
  const save = dialog.calls.at(-1)!
  expect(save.kind).toBe('save')
  expect(save.parent).toBe(app.window())
  expect(save.options['defaultPath']).toBe(join(app.userData, 'Documents', 'liquidity-watch.yaml'))
  const text = await readFile(join(dir, 'settings.yaml'), 'utf8')
  expect(text).toContain('watchlist:\n  - TSLA\n')

  await writeFile(join(dir, 'team.yaml'), text.replace('  - TSLA\n', '  - TSLA\n  - MSFT\n'))
  dialog.willChoose(join(dir, 'team.yaml'))
  const preview = await app.call('previewConfigImport')
  expect(dialog.calls.at(-1)).toMatchObject({ kind: 'open', parent: app.window() })
  expect(dialog.calls.at(-1)!.options['properties']).toEqual(['openFile'])
  expect(preview).toMatchObject({ outcome: 'ready', changes: ['Symbols added: MSFT'] })
  if (preview.outcome !== 'ready') return
  expect((await app.call('getSettings')).watchlist).toEqual(['TSLA'])

  expect(await app.call('applyConfigImport', preview.token)).toMatchObject({
    outcome: 'applied',
    summary: '1 symbol added',
  })
  expect((await app.call('getSettings')).watchlist).toEqual(['TSLA', 'MSFT'])
  expect(
    app
      .events('watchlistUpdated')
      .at(-1)!
      .map((r) => r.symbol),
  ).toEqual(['TSLA', 'MSFT'])
})

it('a canceled dialog writes and imports nothing', async () => {
  const app = await launchApp({ settings: { watchlist: ['TSLA'] } })
  app.electron.dialog.willChoose(null)
  expect(await app.call('exportConfig')).toEqual({ outcome: 'canceled' })
  app.electron.dialog.willChoose(null)
  expect(await app.call('previewConfigImport')).toEqual({ outcome: 'canceled' })
  // No window focused: the dialogs open without a parent.
  expect(app.electron.dialog.calls.map((c) => [c.kind, c.parent])).toEqual([
    ['save', null],
    ['open', null],
  ])
  expect((await app.call('getSettings')).watchlist).toEqual(['TSLA'])
})
