// An alert-state.json written before flapping, cooldown, owed news, like-for-like baselines and
// source freshness existed still loads (no quarantine), and the engine carries on from it: a
// firing episode is not notified again, and its issuers' absence is still spotted.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  ALERT_STATE_FILE,
  AlertStateStore,
} from '../../../src/main/engine/storage/alert-state-store'
import { Harness, START, detail, good, rule, stateOf } from './helpers'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lw-alerts-upgrade-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const firedAt = '2025-03-03T11:00:00.000Z'
const OLD_FILE = {
  version: 1,
  state: {
    version: 1,
    initialized: true,
    seq: 7,
    instances: [
      {
        ruleId: 'r1',
        symbol: 'TSLA',
        state: 'firing',
        breachCount: 1,
        since: firedAt,
        firedAt,
        lastNotifiedAt: firedAt,
        lastValue: -40,
        verified: true,
        detail: 'down 40.0 % in 7 days; alert at down 10.0 %',
        phase: 'firing',
        lastAlertAt: firedAt,
      },
    ],
    baselines: {
      TSLA: {
        issuers: ['Backed', 'Ondo'],
        networks: ['Backed\u0000ethereum', 'Ondo\u0000ethereum'],
      },
    },
    onceSent: {},
    held: [],
    heldOverflow: 0,
  },
  history: [],
}

describe('a state file from before the alert-truth fields', () => {
  it('loads as it was, with the new fields defaulted', async () => {
    await writeFile(join(dir, ALERT_STATE_FILE), JSON.stringify(OLD_FILE))
    const store = await AlertStateStore.open(dir)
    expect(store.report).toBeNull()
    expect(store.state.instances[0]).toMatchObject({
      phase: 'firing',
      raised: true,
      lastOutAt: firedAt,
      flapHistory: '',
      flapping: false,
      owed: null,
      missingNamed: [],
    })
    expect(store.state.baselines.TSLA).toMatchObject({ tvl: {}, missing: {} })
    expect(store.state).toMatchObject({ sources: {} })

    // Not notified again; an issuer gone is spotted though no TVL was kept for it.
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })], state: store.state, now: START })
    const r = h.run({
      TSLA: good(
        detail('TSLA', { issuers: { Backed: { ethereum: 600_000 } }, start7d: 1_000_000 }),
      ),
    })
    expect(r.decisions).toEqual([])
    expect(r.findings.TSLA?.[0]).toMatch(/^issuer Ondo missing from the latest data since/)
    // Without the old TVL there is no like-for-like figure: no verdict, the episode stays open.
    expect(stateOf(r)).toBe('nodata')
    expect(r.state.instances[0]?.phase).toBe('firing')
    expect(r.instances[0]?.detail).toMatch(/no earlier figures to compare/)
  })

  it('a file from the first trust release: advancedAt reads as the check, stored findings are dropped', async () => {
    const advancedAt = '2025-03-01T08:00:00.000Z'
    const file = {
      ...OLD_FILE,
      state: {
        ...OLD_FILE.state,
        sources: { TSLA: { newest: '2025-02-27', advancedAt } },
        findings: { TSLA: ['issuer Ondo missing from the latest data since 12:05 UTC'] },
      },
    }
    await writeFile(join(dir, ALERT_STATE_FILE), JSON.stringify(file))
    const store = await AlertStateStore.open(dir)
    expect(store.report).toBeNull()
    expect(store.state.sources.TSLA).toEqual({ newest: '2025-02-27', checkedAt: advancedAt })
    expect(store.state.baselines.TSLA).toMatchObject({ anchoredAt: null, samples: [] })
    // Findings were once stored as text; they are made fresh by each poll now.
    expect(store.state).not.toHaveProperty('findings')
  })
})
