// The built preload bundle, run in a fresh VM context with a recording `electron` module
// (Electron is the boundary): exactly the contract's methods, right channels, real errors.
import { readFile } from 'node:fs/promises'
import { runInNewContext } from 'node:vm'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiCallError } from '../../src/shared/api-error'
import { EVENT_CHANNELS, REQUEST_CHANNELS } from '../../src/shared/ipc-channels'
import { buildPreload } from './build-preload'

type Listener = (event: unknown, payload: unknown) => void

function fakeElectron() {
  const exposed: Record<string, unknown> = {}
  const invocations: { channel: string; args: unknown[] }[] = []
  const listeners = new Map<string, Set<Listener>>()
  let reply: (channel: string, args: unknown[]) => unknown = (channel) => ({
    ok: true,
    value: `value of ${channel}`,
  })
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key: string, value: unknown) => {
        exposed[key] = value
      },
    },
    ipcRenderer: {
      invoke: async (channel: string, ...args: unknown[]) => {
        invocations.push({ channel, args })
        return reply(channel, args)
      },
      on: (channel: string, l: Listener) => {
        if (!listeners.has(channel)) listeners.set(channel, new Set())
        listeners.get(channel)!.add(l)
      },
      removeListener: (channel: string, l: Listener) => {
        listeners.get(channel)?.delete(l)
      },
    },
  }
  const emit = (channel: string, payload: unknown): void => {
    const fakeEvent = { sender: electron.ipcRenderer, senderId: 0 }
    for (const l of listeners.get(channel) ?? []) l(fakeEvent, payload)
  }
  return {
    electron,
    exposed,
    invocations,
    listeners,
    emit,
    setReply: (r: typeof reply) => (reply = r),
  }
}

const onName = (e: string): string => `on${e[0]!.toUpperCase()}${e.slice(1)}`

let code = ''
beforeAll(async () => {
  code = await readFile(await buildPreload(), 'utf8')
}, 180_000)

function load() {
  const fake = fakeElectron()
  const required: string[] = []
  const require = (id: string): unknown => {
    required.push(id)
    if (id !== 'electron') throw new Error(`preload may not require ${id}`)
    return fake.electron
  }
  runInNewContext(code, { require, console })
  const api = fake.exposed.api as Record<string, (...a: unknown[]) => unknown>
  return { ...fake, api, required }
}

describe('preload bundle', () => {
  it('has no zod, no process access, and requires only electron', () => {
    expect(code).not.toMatch(/zod/i)
    expect(code).not.toMatch(/\bprocess\s*[.[]/)
    expect(load().required).toEqual(['electron'])
  })

  it('exposes exactly window.api with the named methods and subscriptions', () => {
    const { exposed, api } = load()
    expect(Object.keys(exposed)).toEqual(['api'])
    const expected = [...Object.keys(REQUEST_CHANNELS), ...Object.keys(EVENT_CHANNELS).map(onName)]
    expect(Object.keys(api).sort()).toEqual(expected.sort())
    for (const name of ['invoke', 'send', 'on', 'ipcRenderer', 'process', 'require'])
      expect(api).not.toHaveProperty(name)
    for (const v of Object.values(api)) expect(typeof v).toBe('function')
    expect(Object.isFrozen(api)).toBe(true)
  })

  it.each(Object.entries(REQUEST_CHANNELS))(
    '%s invokes %s with the arguments and resolves the value',
    async (method, channel) => {
      const { api, invocations } = load()
      const args = [{ a: 1 }, 'two']
      await expect(api[method]!(...args)).resolves.toBe(`value of ${channel}`)
      expect(invocations).toEqual([{ channel, args }])
    },
  )

  it('turns a failure into an Error with kind that survives a message-only copy', async () => {
    const { api, setReply } = load()
    setReply(() => ({
      ok: false,
      error: { kind: 'rate-limited', message: 'slow down', retryAfterMs: 5 },
    }))
    const err = (await (api.refreshNow!() as Promise<unknown>).catch(
      (e: unknown) => e,
    )) as Error & { kind: string }
    expect(Object.prototype.toString.call(err)).toBe('[object Error]')
    expect(err.name).toBe('ApiCallError')
    expect(err.kind).toBe('rate-limited')
    // What contextBridge hands the page: a new Error with only the message.
    const bridged = ApiCallError.from(new Error(err.message))
    expect([bridged.kind, bridged.message]).toEqual(['rate-limited', 'slow down'])
  })

  it('rejects a malformed reply as internal', async () => {
    const { api, setReply } = load()
    setReply(() => undefined)
    await expect(api.getStatus!()).rejects.toMatchObject({ kind: 'internal' })
  })

  it.each(Object.entries(EVENT_CHANNELS))(
    '%s: subscription passes only the payload and unsubscribes',
    (event, channel) => {
      const { api, emit, listeners } = load()
      const calls: unknown[][] = []
      const off = api[onName(event)]!((...a: unknown[]) => calls.push(a)) as () => void
      emit(channel, { n: 1 })
      off()
      emit(channel, { n: 2 })
      expect(calls).toEqual([[{ n: 1 }]])
      expect(listeners.get(channel)?.size).toBe(0)
    },
  )

  it('refuses a non-function listener', () => {
    const { api } = load()
    expect(() => api.onNavigate!('nope')).toThrow(/function/)
  })
})
