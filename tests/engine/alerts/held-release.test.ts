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

describe('a held alert on disagreeing figures, once the user no longer wants those', () => {
  const disagreeing = { TSLA: good(moved('TSLA', -12.4, { change7d: 0.02 })) }
  const agreeing = { TSLA: good(moved('TSLA', -12.4)) }

  /** Fired on disagreeing figures while paused, with notifyUnverified on; then it is turned off. */
  function queuedThenOptedOut(): Harness {
    const h = new Harness({
      rules: [rule({ pendingCycles: 1 })],
      prefs: { pausedUntil: PAUSE_END, notifyUnverified: true },
    })
    h.warm()
    const r = h.run(disagreeing, 60)
    expect(r.decisions).toMatchObject([{ status: 'held', reason: 'paused' }])
    h.prefs = { ...h.prefs, notifyUnverified: false }
    return h
  }

  it('stays owed while it is true: held, and told once its figures agree', () => {
    const h = queuedThenOptedOut()
    const after = h.run(disagreeing)
    expect(sent(after)).toEqual([])
    expect(after.decisions).toMatchObject([{ status: 'held', reason: 'figures-disagree' }])
    const [d] = after.decisions
    expect(d?.status === 'held' && d.note).toMatch(/told if the figures agree/i)
    // Not judged on them (nodata), still firing on its last trusted reading: shown held.
    expect(after.instances[0]).toMatchObject({ phase: 'firing', heldBack: 'figures-disagree' })
    expect(sent(h.run(disagreeing))).toEqual([])
    const agree = h.run(agreeing)
    expect(sent(agree)).toMatchObject([{ title: 'TSLA TVL down 12.4 % in 7 days' }])
    expect(agree.instances[0]?.heldBack).toBeNull()
  })

  it('is suppressed, not "held", when it is no longer true by then', () => {
    const h = queuedThenOptedOut()
    const heldId = h.state.held[0]?.event.id
    // Back to normal on figures that agree (a recovery on figures that disagree is no verdict).
    const after = h.run({ TSLA: good(moved('TSLA', 0)) })
    const heldAgain = after.decisions.filter(
      (x) => x.status === 'held' && x.eventIds.includes(heldId!),
    )
    expect(heldAgain).toEqual([])
    expect(suppressed(after)).toContainEqual(
      expect.objectContaining({
        reason: 'figures-disagree',
        note: expect.stringMatching(/no longer news/),
        eventIds: [heldId],
      }),
    )
    expect(after.events.find((e) => e.type === 'dropped')?.message).toMatch(/figures disagree/)
  })
})
