// The persisted alert state: real files in a temp dir, restart, bounded history, corrupt files.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AlertEvent } from '../../../src/shared/alert-rules'
import {
  ALERT_STATE_FILE,
  AlertStateStore,
} from '../../../src/main/engine/storage/alert-state-store'
import { Harness, good, moved, rule, sent, stateOf, suppressedReasons } from './helpers'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lw-alerts-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function ev(i: number, symbol = 'TSLA', type: AlertEvent['type'] = 'fired'): AlertEvent {
  return {
    id: `e${i}`,
    at: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
    type,
    ruleId: 'r1',
    ruleName: 'rule',
    symbol,
    message: `event ${i}`,
    value: -12,
    threshold: 10,
    verified: true,
  }
}

const drop = { TSLA: good(moved('TSLA', -12)) }

describe('AlertStateStore', () => {
  it('a restart mid-firing does not notify again, and the episode resolves later', async () => {
    const store = await AlertStateStore.open(dir)
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })], state: store.state })
    store.advance(h.warm().state, [])
    await store.save()
    const fired = h.run(drop, 90)
    expect(sent(fired)).toHaveLength(1)
    store.advance(fired.state, fired.events)
    await store.save()

    const reopened = await AlertStateStore.open(dir)
    expect(reopened.report).toBeNull()
    const h2 = new Harness({ rules: h.rules, state: reopened.state, now: h.now })
    const after = h2.run(drop)
    expect(stateOf(after)).toBe('firing')
    expect(after.events).toEqual([])
    expect(after.decisions).toEqual([])
    const resolved = h2.run({ TSLA: good(moved('TSLA', 0)) })
    expect(resolved.events[0]).toMatchObject({ type: 'resolved', durationMs: 95 * 60_000 })
    expect(reopened.history({ type: 'fired' }).map((e) => e.id)).toEqual([fired.events[0]?.id])
  })

  it('keeps only the newest 1000 events, newest first, across reopen', async () => {
    const store = await AlertStateStore.open(dir)
    store.advance(
      store.state,
      Array.from({ length: 700 }, (_, i) => ev(i)),
    )
    store.addEvents(
      Array.from({ length: 500 }, (_, i) => ev(700 + i, i % 2 ? 'NVDA' : 'TSLA', 'snoozed')),
    )
    await store.save()
    expect(store.history()).toHaveLength(1000)
    const onDisk = JSON.parse(await readFile(join(dir, ALERT_STATE_FILE), 'utf8')) as {
      history: AlertEvent[]
    }
    expect(onDisk.history).toHaveLength(1000)
    expect(onDisk.history[0]?.id).toBe('e200')
    const reopened = await AlertStateStore.open(dir)
    const all = reopened.history()
    expect(all).toHaveLength(1000)
    expect(all[0]?.id).toBe('e1199')
    expect(all[999]?.id).toBe('e200')
    expect(
      reopened.history({ symbol: 'NVDA', type: 'snoozed', limit: 3 }).map((e) => e.id),
    ).toEqual(['e1199', 'e1197', 'e1195'])
    expect(reopened.history({ ruleId: 'nope' })).toEqual([])
  })

  it('a smaller bound can be chosen', async () => {
    const store = await AlertStateStore.open(dir, { maxHistory: 5 })
    store.addEvents(Array.from({ length: 8 }, (_, i) => ev(i)))
    expect(store.history().map((e) => e.id)).toEqual(['e7', 'e6', 'e5', 'e4', 'e3'])
  })

  it.each([
    ['not JSON', '{"version":1,"state":'],
    ['wrong shape', JSON.stringify({ version: 1, state: { initialized: 'yes' }, history: [] })],
  ])(
    'quarantines a corrupt file (%s) and starts fresh without re-notifying',
    async (_name, content) => {
      await writeFile(join(dir, ALERT_STATE_FILE), content)
      const store = await AlertStateStore.open(dir, {
        now: () => new Date('2025-03-03T12:00:00.000Z'),
      })
      expect(store.report).toMatch(
        /could not be read \(.+\), so alerts start fresh.*; the old file was kept as .*corrupt-2025-03-03T12-00-00-000Z\.$/,
      )
      expect(store.report).toContain(join(dir, ALERT_STATE_FILE))
      const files = await readdir(dir)
      const aside = files.find((f) => f.includes('.corrupt-'))
      expect(aside).toBeDefined()
      expect(await readFile(join(dir, aside as string), 'utf8')).toBe(content)
      expect(store.state.instances).toEqual([])
      expect(store.history()).toEqual([])

      // An alert that was firing before the corruption is not notified again.
      const h = new Harness({ rules: [rule({ pendingCycles: 1 })], state: store.state })
      const r = h.run(drop)
      expect(sent(r)).toEqual([])
      expect(suppressedReasons(r)).toEqual(['backfill'])
      store.advance(r.state, r.events)
      await store.save()
      expect((await AlertStateStore.open(dir)).report).toBeNull()
    },
  )

  it('writes one JSON file holding state and history', async () => {
    const store = await AlertStateStore.open(join(dir, 'nested'))
    store.advance({ ...store.state, initialized: true }, [ev(1)])
    await store.save()
    const raw = JSON.parse(await readFile(join(dir, 'nested', ALERT_STATE_FILE), 'utf8')) as Record<
      string,
      unknown
    >
    expect(raw).toMatchObject({ version: 1, state: { initialized: true }, history: [{ id: 'e1' }] })
  })
})
