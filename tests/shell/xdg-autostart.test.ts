import { mkdtemp, readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  autostartPath,
  desktopEntry,
  quoteExecArg,
  setAutostart,
} from '../../src/main/shell/xdg-autostart'

const target = (configHome: string) => ({
  configHome,
  exec: '/opt/Liquidity Watch/liquidity-watch',
  args: ['--hidden'],
  name: 'Liquidity Watch',
})

describe('XDG autostart (start at login on Linux)', () => {
  it('writes an entry that starts the app hidden, and removes it again', async () => {
    const home = await mkdtemp(join(tmpdir(), 'lw-xdg-'))
    await setAutostart(target(home), true)
    const text = await readFile(autostartPath(home), 'utf8')
    expect(text).toContain('[Desktop Entry]')
    expect(text).toContain('Exec="/opt/Liquidity Watch/liquidity-watch" --hidden')
    expect(text).toContain('Name=Liquidity Watch')
    await setAutostart(target(home), false)
    await expect(stat(autostartPath(home))).rejects.toMatchObject({ code: 'ENOENT' })
    // Removing twice is not an error.
    await setAutostart(target(home), false)
  })

  it('quotes reserved characters and escapes percent signs per the Desktop Entry spec', () => {
    expect(quoteExecArg('plain')).toBe('plain')
    expect(quoteExecArg('a b')).toBe('"a b"')
    expect(quoteExecArg('$HOME"`\\')).toBe('"\\$HOME\\"\\`\\\\"')
    expect(quoteExecArg('100%')).toBe('100%%')
    expect(quoteExecArg('')).toBe('""')
  })

  it('keeps the Name on one line', () => {
    expect(desktopEntry({ ...target('/x'), name: 'A\nExec=evil' })).not.toMatch(/^Exec=evil/m)
  })
})
