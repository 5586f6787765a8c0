// Refused IPC senders leave a trace (issue 22, item 14): a call from a foreign page, a subframe
// or a destroyed frame is refused and logged with its channel and the sender's origin (never its
// path or query), and a flood is rate-limited. Through the real registration on the Electron
// fake's ipcMain (tests/mocks/electron), with the log and the clock as the boundaries.
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ipcMain } from 'electron'
import { afterEach, describe, expect, it } from 'vitest'
import { createIpcHandlers } from '../../src/main/ipc/handlers'
import { refusalLog, senderOrigin } from '../../src/main/ipc/refusals'
import { registerIpcHandlers } from '../../src/main/shell/ipc-main'
import type * as FakeElectron from '../mocks/electron'
import { recordingCore } from './recording-core'

const fake = ipcMain as unknown as typeof FakeElectron.ipcMain
const rendererFile = resolve('out/renderer/index.html')
const rendererUrl = pathToFileURL(rendererFile).href

let unregister: (() => void) | null = null
afterEach(() => {
  unregister?.()
  unregister = null
})

function setup(): { lines: string[]; clock: { t: number }; calls: () => number } {
  const lines: string[] = []
  const clock = { t: Date.UTC(2026, 0, 5, 12) }
  const rec = recordingCore()
  unregister = registerIpcHandlers(
    createIpcHandlers(rec.core),
    { rendererFile },
    refusalLog({ log: (l) => lines.push(l), now: () => clock.t }),
  )
  return { lines, clock, calls: () => rec.calls.length }
}

describe('refused IPC senders are logged', () => {
  it('logs each refused call with its channel and the sender origin, never its path or query', async () => {
    const { lines, calls } = setup()
    const foreign = await fake.invoke('status:get', { url: 'https://evil.example/x?token=abc' })
    const framed = await fake.invoke('key:clear', { url: rendererUrl, top: false })
    const gone = await fake.invoke('watchlist:add', null, 'TSLA')
    for (const r of [foreign, framed, gone])
      expect(r).toMatchObject({ ok: false, error: { kind: 'forbidden-sender' } })
    expect(calls()).toBe(0)

    expect(lines).toEqual([
      'IPC call refused: status:get from https://evil.example (not the app page)',
      'IPC call refused: key:clear from file:// (a subframe)',
      'IPC call refused: watchlist:add from a destroyed frame',
    ])
    expect(lines.join('\n')).not.toMatch(/token|index\.html/)

    // Our own page is answered, and nothing is logged for it.
    expect(await fake.invoke('status:get', { url: rendererUrl })).toMatchObject({ ok: true })
    expect(lines).toHaveLength(3)
  })

  it('a flood is rate-limited: 10 lines a minute, then one line that counts the rest', async () => {
    const { lines, clock } = setup()
    for (let i = 0; i < 1000; i++) await fake.invoke('status:get', { url: 'https://evil.example/' })
    expect(lines).toHaveLength(10)
    expect(lines[9]).toBe(
      'IPC call refused: status:get from https://evil.example (not the app page) (more within 60 s are counted, not logged)',
    )

    clock.t += 59_999
    await fake.invoke('status:get', { url: 'https://evil.example/' })
    expect(lines).toHaveLength(10)

    clock.t += 1
    await fake.invoke('settings:get', { url: 'https://other.example/' })
    expect(lines.slice(10)).toEqual([
      '991 more refused IPC calls were not logged',
      'IPC call refused: settings:get from https://other.example (not the app page)',
    ])
  })

  it.each([
    ['data:text/html,<script>x</script>', 'data:'],
    ['about:blank', 'about:'],
    ['devtools://devtools/bundled/inspector.html', 'devtools://devtools'],
    ['http://localhost:5173/src/index.html#x', 'http://localhost:5173'],
    ['not a url', 'an unreadable URL'],
    [`https://${'a'.repeat(300)}.example/`, `https://${'a'.repeat(92)}…`],
  ])('names the origin of %s as %s', (url, origin) => {
    expect(senderOrigin(url)).toBe(origin)
  })
})
