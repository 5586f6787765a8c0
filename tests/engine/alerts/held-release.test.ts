// Alerts held back by quiet hours or a pause meet the rules as they are when the hold ends: a rule
// snoozed for the symbol, disabled or deleted meanwhile gets no delivery, and the log says why.
import { describe, expect, it } from 'vitest'
import type { NotificationDecision } from '../../../src/shared/alert-rules'
import { Harness, good, moved, rule, sent } from './helpers'

const PAUSE_END = '2025-03-03T13:00:00.000Z'
const drop = { TSLA: good(moved('TSLA', -12)), NVDA: good(moved('NVDA', 0)) }

/** Fires TSLA while paused (held), then returns the harness at the end of the pause. */
function heldThenPauseEnds(): Harness {
  const h = new Harness({
    rules: [rule({ pendingCycles: 1 })],
    watchlist: ['TSLA', 'NVDA'],
    prefs: { pausedUntil: PAUSE_END },
  })
  h.warm()
  const r = h.run(drop, 60)
  expect(r.decisions).toMatchObject([{ status: 'held', reason: 'paused' }])
  return h
}

function suppressed(r: { decisions: NotificationDecision[] }) {
  return r.decisions.filter((d) => d.status === 'suppressed')
}

describe('held alerts when the hold ends', () => {
  it('are not delivered once the rule was snoozed for that symbol; the log says why', () => {
    const h = heldThenPauseEnds()
    h.rules = [
      rule({ pendingCycles: 1, overrides: { TSLA: { snoozedUntil: '2025-03-03T18:00:00.000Z' } } }),
    ]
    const after = h.run(drop)
    expect(sent(after)).toEqual([])
    const [d] = suppressed(after)
    expect(d).toMatchObject({ status: 'suppressed', reason: 'snoozed' })
    expect(d?.status === 'suppressed' && d.note).toMatch(
      /held while notifications were paused.*snoozed/i,
    )
    expect(after.events.filter((e) => e.type === 'delivered')).toEqual([])
    expect(after.events.find((e) => e.type === 'dropped')?.message).toMatch(/snoozed/)
    expect(after.state.held).toEqual([])
  })

  it('are not delivered once the rule was deleted', () => {
    const h = heldThenPauseEnds()
    const heldId = h.state.held[0]?.event.id
    h.rules = [rule({ id: 'other', name: 'Another rule', pendingCycles: 1 })]
    const after = h.run({ TSLA: good(moved('TSLA', -12)), NVDA: good(moved('NVDA', 0)) })
    // The other rule is new: its own first firing of TSLA notifies; the held one of r1 does not.
    const held = after.decisions.find(
      (d) => d.status === 'suppressed' && d.reason === 'rule-deleted',
    )
    expect(held).toMatchObject({ note: expect.stringMatching(/deleted/) })
    expect(heldId).toBeDefined()
    expect(sent(after).flatMap((d) => d.eventIds)).not.toContain(heldId)
    expect(after.state.held).toEqual([])
  })

  it('are still delivered when the rule is unchanged, and those of other symbols too', () => {
    const h = heldThenPauseEnds()
    h.rules = [
      rule({ pendingCycles: 1, overrides: { NVDA: { snoozedUntil: '2025-03-03T18:00:00.000Z' } } }),
    ]
    const after = h.run(drop)
    expect(sent(after)).toMatchObject([{ title: 'While notifications were held: 1 alert' }])
  })
})
