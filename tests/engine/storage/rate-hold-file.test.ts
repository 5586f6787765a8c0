// Rate-limit holds saved in the data dir and read back by the next process, within sane bounds.
import { mkdirSync, writeFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_HOLD_MS, RateGates } from '../../../src/main/client/rate-gate'
import { RATE_HOLDS_FILE, RateHoldFile } from '../../../src/main/engine/storage/rate-hold-file'

const ORIGIN = 'https://api.example.com'
const T0 = Date.parse('2026-03-02T12:00:00Z')
let dir = ''
afterEach(() => rm(dir, { recursive: true, force: true }))

async function reopen(now: number): Promise<{ gates: RateGates; logs: string[] }> {
  const gates = new RateGates()
  const logs: string[] = []
  await RateHoldFile.open(dir, gates, { now: () => now, log: (l) => logs.push(l) })
  return { gates, logs }
}

describe('RateHoldFile', () => {
  it('a hold in force is saved and holds the next process until it ends', async () => {
    dir = await mkdtemp(join(tmpdir(), 'lw-holds-'))
    const gates = new RateGates()
    const file = await RateHoldFile.open(dir, gates, { now: () => T0, log: () => undefined })
    gates.for(ORIGIN).hold(T0, 10 * 60_000, 429)
    await file.save()
    expect((await reopen(T0 + 60_000)).gates.for(ORIGIN).remaining(T0 + 60_000)).toBe(9 * 60_000)
    // Once over, the next process is free.
    expect((await reopen(T0 + 11 * 60_000)).gates.snapshot(T0 + 11 * 60_000)).toEqual({})
  })

  it('a hold from the file is clamped to an hour: a bad clock or file cannot block for good', async () => {
    dir = await mkdtemp(join(tmpdir(), 'lw-holds-'))
    const holds = { [ORIGIN]: { until: Date.parse('3000-01-01T00:00:00Z'), status: 429 } }
    writeFileSync(join(dir, RATE_HOLDS_FILE), JSON.stringify({ version: 1, holds }))
    expect((await reopen(T0)).gates.for(ORIGIN).remaining(T0)).toBe(MAX_HOLD_MS)
  })

  it.each([
    ['not JSON', (p: string) => writeFileSync(p, '{"version": 1, "ho')],
    ['not the schema', (p: string) => writeFileSync(p, '{"version": 1, "holds": {"x": 5}}')],
    ['a folder', (p: string) => mkdirSync(p)],
  ])('a file that is %s loads no holds and is not fatal', async (_what, damage) => {
    dir = await mkdtemp(join(tmpdir(), 'lw-holds-'))
    damage(join(dir, RATE_HOLDS_FILE))
    const { gates, logs } = await reopen(T0)
    expect(gates.snapshot(T0)).toEqual({})
    expect(logs.join('\n')).toContain(join(dir, RATE_HOLDS_FILE))
  })

  it('nothing to keep: no file is written', async () => {
    dir = await mkdtemp(join(tmpdir(), 'lw-holds-'))
    const file = await RateHoldFile.open(dir, new RateGates(), {
      now: () => T0,
      log: () => undefined,
    })
    await file.save()
    await expect(readFile(join(dir, RATE_HOLDS_FILE))).rejects.toThrow(/ENOENT/)
  })
})
