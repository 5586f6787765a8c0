// The delivery log's and the test button's words: names for ids, events in words, a removed
// contact point said as such, a secret a receiver echoed cut out of its answer.
import { describe, expect, it } from 'vitest'
import { answerWords, saidWords } from '../../src/main/core/contact-point-test'
import { deliveryLogEntries, failingWithNames } from '../../src/main/core/delivery-log'
import { builtInDesktop } from '../../src/main/core/contact-points-ops'
import type { DeliveryRecord } from '../../src/main/engine/delivery/model'
import type { AlertEvent } from '../../src/shared/alert-rules'
import type { ContactPoint } from '../../src/shared/contact-points'

const hook: ContactPoint = {
  ...builtInDesktop(),
  id: 'team-hook',
  name: 'Team hook',
  kind: 'webhook',
  isDefault: false,
  format: 'json',
  urlHint: null,
}
const event: AlertEvent = {
  id: 'e1',
  at: '2026-11-24T15:00:00.000Z',
  type: 'fired',
  ruleId: 'r',
  ruleName: '7-day TVL drop',
  symbol: 'TSLA',
  message: 'TSLA 7-day TVL −25.0 % (threshold −10.0 %)',
  value: -25,
  threshold: -10,
  verified: true,
}
const record = (over: Partial<DeliveryRecord>): DeliveryRecord => ({
  id: 'lw-1',
  eventIds: ['e1'],
  contactPoint: 'team-hook',
  kind: 'webhook',
  status: 'sent',
  attempts: 1,
  lastError: null,
  lastAnswer: 'HTTP 200: ok',
  createdAt: '2026-11-24T15:00:00.000Z',
  nextAttemptAt: null,
  sentAt: '2026-11-24T15:00:01.000Z',
  ...over,
})

describe('delivery log entries', () => {
  it('name the contact point and tell the event; a digest counts its events; a removed point says so', () => {
    const out = deliveryLogEntries(
      [
        record({}),
        record({
          id: 'lw-2',
          eventIds: ['e1', 'e2', 'e3'],
          status: 'queued',
          lastAnswer: null,
          lastError: 'HTTP 500: down',
        }),
        record({ id: 'lw-3', contactPoint: 'gone' }),
      ],
      [builtInDesktop(), hook],
      [event],
    )
    expect(out.map((e) => [e.event, e.contactPointName, e.lastAnswer])).toEqual([
      ['TSLA 7-day TVL −25.0 % (threshold −10.0 %)', 'Team hook', 'HTTP 200: ok'],
      ['3 alerts (digest): TSLA and others', 'Team hook', 'HTTP 500: down'],
      ['TSLA 7-day TVL −25.0 % (threshold −10.0 %)', 'gone (removed)', 'HTTP 200: ok'],
    ])
  })

  it('failing contact points carry the name the user gave; removed or turned-off ones are not failing', () => {
    const failing = [
      { contactPoint: 'team-hook', since: '2026-11-24T15:00:00.000Z', lastError: 'HTTP 500' },
      { contactPoint: 'gone', since: '2026-11-24T15:00:00.000Z', lastError: 'HTTP 500' },
    ]
    expect(failingWithNames(failing, [hook])).toEqual([
      {
        id: 'team-hook',
        name: 'Team hook',
        since: '2026-11-24T15:00:00.000Z',
        lastError: 'HTTP 500',
      },
    ])
    expect(failingWithNames(failing, [{ ...hook, enabled: false }])).toEqual([])
  })
})

describe('test answers', () => {
  it('a receiver that echoes the secret has it cut out; long answers are clipped to one line', () => {
    expect(saidWords('bad token tokSECRET\n at  line 2', 'tokSECRET')).toBe(
      'bad token [secret] at line 2',
    )
    expect(saidWords('x'.repeat(400), null)).toHaveLength(301)
    expect(saidWords('  ', null)).toBe('nothing')
  })

  it('says sent or failed with the HTTP status, and when sending again cannot help', () => {
    const at = new Date('2026-11-24T15:00:00Z')
    expect(answerWords({ ok: true, httpStatus: 204, said: '' }, at, null)).toEqual({
      ok: true,
      status: 'Sent — HTTP 204',
      at: at.toISOString(),
      said: 'nothing',
    })
    const refused = {
      ok: false as const,
      retryable: false,
      retryAfterMs: null,
      httpStatus: 404,
      said: 'no such hook',
    }
    expect(answerWords(refused, at, null).status).toBe(
      'Failed — HTTP 404 (sending again will not help until the settings change)',
    )
  })
})
