// What the template preview fills in when there is no real message yet: a sample firing alert,
// with every field set, dated from the clock it is given.
import type { OutboundMessage } from '../model'

export function sampleMessage(now: Date, contactPointId = 'preview'): OutboundMessage {
  const asOf = new Date(now.getTime() - 5 * 60_000).toISOString()
  return {
    id: 'sample',
    contactPointId,
    status: 'firing',
    severity: 'warning',
    title: 'TSLA: 7-day TVL drop ≥ 10 %',
    body: 'TSLA 7-day TVL −12.3 % (threshold −10.0 %): price −2.1 %, flow −10.2 %.',
    events: [
      {
        id: 'sample-event',
        type: 'fired',
        symbol: 'TSLA',
        ruleId: 'default-7d-drop',
        ruleName: '7-day TVL drop ≥ 10 %',
        value: -12.3,
        threshold: -10,
        unit: '%',
        asOf,
        dataDate: asOf.slice(0, 10),
        link: 'liquidity-watch://asset/TSLA',
        text: 'TSLA 7-day TVL −12.3 % (threshold −10.0 %)',
        priceFlow: 'price −2.1 %, flow −10.2 %',
        issuerMoves: 'xStocks −$4.1 M, Backed +$0.3 M: exit, net −$3.8 M',
        marketSession: 'while the US market was open',
      },
    ],
    createdAt: now.toISOString(),
  }
}
