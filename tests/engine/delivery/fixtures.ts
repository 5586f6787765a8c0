// Messages and contact points for channel and template tests, at a fixed instant.
import { contactPointSchema, type ContactPoint } from '../../../src/shared/contact-points'
import type { OutboundMessage, SendContext } from '../../../src/main/engine/delivery/model'

export const NOW = new Date('2026-03-02T14:30:00Z')

export function message(over: Partial<OutboundMessage> = {}): OutboundMessage {
  return {
    id: 'msg-1f3a',
    contactPointId: 'desk-hook',
    status: 'firing',
    severity: 'critical',
    title: 'TSLA: 7-day TVL drop ≥ 10 %',
    body: 'TSLA 7-day TVL −12.3 % (threshold −10.0 %). Data as of 14:25 UTC.',
    events: [
      {
        id: 'ev-1',
        type: 'fired',
        symbol: 'TSLA',
        ruleId: 'default-7d-drop',
        ruleName: '7-day TVL drop ≥ 10 %',
        value: -12.3,
        threshold: -10,
        unit: '%',
        asOf: '2026-03-02T14:25:00.000Z',
        dataDate: '2026-03-02',
        link: 'liquidity-watch://asset/TSLA',
        text: 'TSLA 7-day TVL −12.3 % (threshold −10.0 %)',
        priceFlow: 'price −2.1 %, flow −10.2 %',
        issuerMoves: 'xStocks −$4.1 M, Backed +$0.3 M: exit, net −$3.8 M',
        marketSession: 'while the US market was open',
      },
    ],
    createdAt: '2026-03-02T14:29:00.000Z',
    ...over,
  }
}

export function point(fields: Record<string, unknown>): ContactPoint {
  return contactPointSchema.parse({ id: 'desk-hook', name: 'Desk hook', ...fields })
}

export function ctx(secret: string | null, now = NOW): SendContext {
  return { secret, signal: new AbortController().signal, now: () => now }
}
