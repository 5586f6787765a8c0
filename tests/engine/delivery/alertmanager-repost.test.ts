// Which Alertmanager contact points a poll's re-post goes to: routed rules only, at or above the
// point's minimum severity, never in its quiet hours (its news is held then).
import { describe, expect, it } from 'vitest'
import { defaultRules, type AlertInstance, type AlertRule } from '../../../src/shared/alert-rules'
import { contactPointSchema } from '../../../src/shared/contact-points'
import { utcTime } from '../../../src/shared/local-time'
import { repostFiring } from '../../../src/main/engine/delivery/alertmanager-repost'
import { WebhookReceiver } from '../../support/webhook-receiver'

const NOW = new Date('2026-03-02T12:00:00Z')
const rule = (id: string, extra: Partial<AlertRule> = {}): AlertRule => ({
  ...defaultRules()[0]!,
  id,
  ...extra,
})
const firing = (ruleId: string, symbol: string): AlertInstance => ({
  ruleId,
  symbol,
  state: 'firing',
  phase: 'firing',
  breachCount: 2,
  since: NOW.toISOString(),
  firedAt: NOW.toISOString(),
  lastNotifiedAt: NOW.toISOString(),
  lastValue: -12,
  verified: true,
  detail: null,
  heldBack: null,
  flapping: false,
  cooldownUntil: null,
})

describe('Alertmanager re-post', () => {
  it('posts the routed, severe-enough firing alerts; none in quiet hours', async () => {
    const rx = await WebhookReceiver.start()
    try {
      const am = (id: string, extra: Record<string, unknown> = {}) =>
        contactPointSchema.parse({
          id,
          name: id,
          kind: 'alertmanager',
          url: rx.url,
          isDefault: true,
          ...extra,
        })
      const rules = [
        rule('a'),
        rule('b', { severity: 'critical' }),
        rule('c', { contactPoints: ['desktop'] }),
      ]
      const instances = [firing('a', 'TSLA'), firing('b', 'NVDA'), firing('c', 'AAPL')]
      const posts = repostFiring(
        [
          am('all'),
          am('critical-only', { minSeverity: 'critical' }),
          am('sleeping', { quietHours: { start: '11:00', end: '13:00' } }),
        ],
        rules,
        instances,
        NOW,
        utcTime,
        5_000,
      )
      const done = await Promise.all(posts)
      expect(done.map((d) => [d.point.id, d.answer.ok])).toEqual([
        ['all', true],
        ['critical-only', true],
      ])
      const symbols = rx.log.map((r) =>
        (JSON.parse(r.body) as { labels: { symbol: string } }[]).map((a) => a.labels.symbol),
      )
      // The two posts run side by side: in either order.
      expect(symbols).toHaveLength(2)
      expect(symbols).toContainEqual(['TSLA', 'NVDA'])
      expect(symbols).toContainEqual(['NVDA'])
    } finally {
      await rx.close()
    }
  })
})
