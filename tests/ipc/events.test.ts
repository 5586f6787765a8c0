// Events go out on the contract's channels; one broken sink does not stop the others.
import { describe, expect, it } from 'vitest'
import { channelEventSink, fanOutEventSink, type EventSink } from '../../src/main/ipc/events'
import { withOverrides } from '../../src/main/ipc/core-types'
import { recordingCore } from './recording-core'

describe('event sinks', () => {
  it('sends each event on its channel with the payload alone', () => {
    const sent: [string, unknown][] = []
    const sink = channelEventSink((channel, payload) => sent.push([channel, payload]))
    sink('navigate', { view: 'asset', symbol: 'TSLA' })
    sink('alertEvents', [])
    expect(sent).toEqual([
      ['event:navigate', { view: 'asset', symbol: 'TSLA' }],
      ['event:alerts', []],
    ])
  })

  it('fans out past a throwing sink and reports the error', () => {
    const got: string[] = []
    const errors: unknown[] = []
    const broken: EventSink = () => {
      throw new Error('window gone')
    }
    const fan = fanOutEventSink([broken, (e) => got.push(e)], (e) => errors.push(e))
    fan('watchlistUpdated', [])
    expect(got).toEqual(['watchlistUpdated'])
    expect(errors).toHaveLength(1)
  })
})

describe('withOverrides', () => {
  it('replaces only the named methods and keeps the rest bound to the core', async () => {
    const rec = recordingCore()
    const opened: string[] = []
    const core = withOverrides(rec.core, {
      openExternal: async (url) => {
        opened.push(url)
      },
    })
    await core.openExternal('https://github.com/')
    await core.addSymbol('TSLA')
    expect(opened).toEqual(['https://github.com/'])
    expect(rec.calls).toEqual([{ method: 'addSymbol', args: ['TSLA'] }])
  })

  it('binds prototype methods so they keep their this', async () => {
    const rec = recordingCore()
    const proto = {
      ...rec.core,
      async getStatus(this: { label: string }) {
        return this.label
      },
    }
    const instance = Object.assign(Object.create(proto) as typeof proto, { label: 'core' })
    const merged = withOverrides(instance as never, {})
    expect(await merged.getStatus()).toBe('core')
  })
})
