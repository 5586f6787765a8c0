// What `config` leaves on disk, through the bundled command with real folders: a dry run and an
// export write nothing (no folder, no file), an export from a folder that is not there is refused
// (a typo must not pass as "the defaults"), and a real import that changes nothing says so in the
// past tense.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { defaultSettings } from '../../src/shared/settings-schema'
import { cli, dataDirs } from './run-cli'

const dirs = dataDirs()
afterAll(() => dirs.cleanup())

/** Every file in `dir` with its bytes and modification time: what "nothing was written" compares. */
const snapshot = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir).map((f) => [
      f,
      `${statSync(join(dir, f)).mtimeMs} ${readFileSync(join(dir, f), 'utf8')}`,
    ]),
  )

/** A config file (the defaults with another watchlist) in its own folder. */
async function configFile(watchlist: string[]): Promise<string> {
  const file = join(await dirs.make(), 'lw.json')
  const doc = JSON.parse((await cli(['config', 'export', '--data-dir', await dirs.make()])).stdout)
  writeFileSync(file, JSON.stringify({ ...(doc as object), watchlist }))
  return file
}

describe('config writes nothing it was not asked to', () => {
  it('import --dry-run into a folder that is not there creates neither folder nor file', async () => {
    const file = await configFile(['TSLA', 'PLTR'])
    const dir = join(await dirs.make(), 'new-data')
    const r = await cli(['config', 'import', file, '--dry-run', '--data-dir', dir])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/^Dry run: nothing was changed\./)
    expect(r.stdout).toMatch(/Symbols added: PLTR/)
    expect(existsSync(dir)).toBe(false)
  })

  it('import --dry-run into saved settings leaves every file as it was, to the mtime', async () => {
    const dir = await dirs.make()
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(defaultSettings()))
    const before = snapshot(dir)
    const file = await configFile(['TSLA', 'PLTR'])
    const r = await cli(['config', 'import', file, '--dry-run', '--data-dir', dir])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/Symbols removed: NVDA, AAPL, GOLD/)
    expect(snapshot(dir)).toEqual(before)
  })

  it('export from a folder that is not there is refused (exit 2) and makes no folder', async () => {
    const dir = join(await dirs.make(), 'typo')
    const r = await cli(['config', 'export', '--data-dir', dir])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe(
      `error: there are no settings in ${dir}: is the folder right? (the folder does not exist)\n`,
    )
    expect(existsSync(dir)).toBe(false)
  })

  it('export from an empty folder gives the defaults, says so, and writes nothing there', async () => {
    const dir = join(await dirs.make(), 'empty')
    mkdirSync(dir)
    const r = await cli(['config', 'export', '--data-dir', dir])
    expect(r.code, r.stderr).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ watchlist: defaultSettings().watchlist })
    expect(r.stderr).toBe(`note: ${dir} has no settings yet: these are the default settings.\n`)
    expect(readdirSync(dir)).toEqual([])
  })

  it('a real import that changes nothing says "Nothing changed"', async () => {
    const dir = await dirs.make()
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(defaultSettings()))
    const file = join(dir, 'same.json')
    writeFileSync(file, (await cli(['config', 'export', '--data-dir', dir])).stdout)
    const r = await cli(['config', 'import', file, '--data-dir', dir])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).not.toMatch(/would/)
    expect(r.stdout.split('\n')).toEqual([
      expect.stringMatching(/^Imported .*same\.json into .*settings\.json:$/),
      '  Nothing changed: the settings already match this file.',
      '',
    ])
  })
})
