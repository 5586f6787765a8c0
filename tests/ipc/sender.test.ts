// Only our renderer page in the top frame may call IPC; dispatchIpc enforces it before any handler.
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { dispatchIpc } from '../../src/main/ipc/dispatch'
import { createIpcHandlers } from '../../src/main/ipc/handlers'
import { isRendererUrl, isTrustedSender } from '../../src/main/ipc/sender'
import { recordingCore } from './recording-core'

const rendererFile = resolve('out/renderer/index.html')
const rendererUrl = pathToFileURL(rendererFile).href
const packaged = { rendererFile }
const dev = { rendererFile, devServerUrl: 'http://localhost:5173' }
const top = { isMainFrame: true }

describe('isTrustedSender', () => {
  it.each([
    ['our renderer file', rendererUrl, packaged],
    ['our renderer file with a hash', `${rendererUrl}#/asset/TSLA`, packaged],
    ['our renderer file with a query', `${rendererUrl}?view=alerts`, packaged],
    ['the dev server in dev', 'http://localhost:5173/', dev],
    ['a dev server page in dev', 'http://localhost:5173/src/index.html#x', dev],
  ])('trusts %s', (_label, url, expected) => {
    expect(isTrustedSender(url, expected, top)).toBe(true)
  })

  it.each([
    [
      'another local file',
      pathToFileURL(join(resolve('out/renderer'), 'other.html')).href,
      packaged,
    ],
    ['a file next to it by traversal', `${rendererUrl}/../../../../etc/passwd`, packaged],
    ['a remote file share', 'file://server/share/index.html', packaged],
    ['another origin', 'https://evil.example/index.html', dev],
    ['the dev server port when packaged', 'http://localhost:5173/', packaged],
    ['another port in dev', 'http://localhost:5174/', dev],
    ['another host in dev', 'http://127.0.0.2:5173/', dev],
    ['about:blank', 'about:blank', packaged],
    ['a data URL', 'data:text/html,hi', packaged],
    ['a devtools page', 'devtools://devtools/bundled/inspector.html', packaged],
    ['an empty URL', '', packaged],
    ['garbage', 'not a url', dev],
  ])('refuses %s', (_label, url, expected) => {
    expect(isTrustedSender(url, expected, top)).toBe(false)
  })

  it('refuses our own page loaded in a subframe', () => {
    expect(isRendererUrl(rendererUrl, packaged)).toBe(true)
    expect(isTrustedSender(rendererUrl, packaged, { isMainFrame: false })).toBe(false)
  })

  it('refuses a dev server URL that is not http(s)', () => {
    expect(isTrustedSender('file:///x', { rendererFile, devServerUrl: 'file:///x' }, top)).toBe(
      false,
    )
  })
})

describe('dispatchIpc', () => {
  it('answers forbidden-sender to foreign frames without calling the core', async () => {
    const rec = recordingCore()
    const table = createIpcHandlers(rec.core)
    for (const frame of [
      { url: 'https://evil.example/', isMainFrame: true },
      { url: rendererUrl, isMainFrame: false },
      null,
    ]) {
      const result = await dispatchIpc(table, 'clearApiKey', frame, [], packaged)
      expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden-sender' } })
    }
    expect(rec.calls).toEqual([])
  })

  it('passes our renderer through to the handler', async () => {
    const rec = recordingCore()
    const result = await dispatchIpc(
      createIpcHandlers(rec.core),
      'addSymbol',
      { url: rendererUrl, isMainFrame: true },
      ['TSLA'],
      packaged,
    )
    expect(result).toEqual({ ok: true, value: { answeredBy: 'addSymbol' } })
    expect(rec.calls).toEqual([{ method: 'addSymbol', args: ['TSLA'] }])
  })
})
