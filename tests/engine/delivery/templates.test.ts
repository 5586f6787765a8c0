// Contact point templates (LiquidJS): the documented fields, and a failing template always falls
// back to the default text with the error in plain words.
import { describe, expect, it } from 'vitest'
import { templateExtras } from '../../../src/main/engine/delivery/templates/event-extras'
import type { AlertEvent } from '../../../src/shared/alert-rules'
import { TEMPLATE_FIELD_NAMES } from '../../../src/main/engine/delivery/templates/fields'
import {
  MAX_BODY_CHARS,
  previewMessage,
  renderDraft,
  renderMessage,
} from '../../../src/main/engine/delivery/templates/render'
import { sampleMessage } from '../../../src/main/engine/delivery/templates/sample'
import { message, NOW, point } from './fixtures'
import { readFileSync } from 'node:fs'

const withTemplate = (title: string | null, body: string | null) =>
  point({ kind: 'webhook', template: { title, body } })

describe('renderMessage', () => {
  it('without templates sends the default text', () => {
    expect(renderMessage(withTemplate(null, null), message())).toEqual({
      title: message().title,
      body: message().body,
      error: null,
    })
  })

  it('fills in the documented fields', () => {
    const r = renderMessage(
      withTemplate(
        '[{{ severity | upcase }}] {{ symbol }} {{ state }}',
        '{{ rule }}: {{ value }}{{ unit }} vs {{ threshold }}{{ unit }} — {{ change }}; {{ priceFlow }}; {{ issuerMoves }}; as of {{ asOf }} ({{ dataDate }}, {{ marketSession }}) {{ link }} [{{ status }} to {{ contactPoint }}, {{ count }} event]{% for e in events %} #{{ e.id }}{% endfor %}',
      ),
      message(),
    )
    expect(r.error).toBeNull()
    expect(r.title).toBe('[CRITICAL] TSLA fired')
    expect(r.body).toBe(
      '7-day TVL drop ≥ 10 %: -12.3% vs -10% — TSLA 7-day TVL −12.3 % (threshold −10.0 %); price −2.1 %, flow −10.2 %; xStocks −$4.1 M, Backed +$0.3 M: exit, net −$3.8 M; as of 2026-03-02T14:25:00.000Z (2026-03-02, while the US market was open) liquidity-watch://asset/TSLA [firing to Desk hook, 1 event] #ev-1',
    )
  })

  it('an unknown variable prints nothing (strict variables off)', () => {
    const r = renderMessage(withTemplate('{{ symbol }}{{ nosuch.field }}!', null), message())
    expect(r).toMatchObject({ title: 'TSLA!', error: null })
  })

  it.each([
    [
      '{{ symbol | shout }}',
      /title template uses a filter that does not exist: shout \(line 1, column 1\); the default text was sent\./,
    ],
    ['{% if symbol %}open', /title template has a mistake: tag \{% if symbol %\} not closed/],
    ['{{ symbol ', /title template has a mistake: output "\{\{ symbol " not closed/],
    ['{% include "/etc/passwd" %}', /cannot include files/],
    ['{% for i in (1..100000000) %}{{ i }}{% endfor %}', /makes too much text/],
  ])(
    'a failing template %s sends the default text with the error in plain words',
    (title, words) => {
      const r = renderMessage(withTemplate(title, '{{ symbol }} custom body'), message())
      expect(r.title).toBe(message().title)
      expect(r.body).toBe(message().body)
      expect(r.error).toMatch(words)
      expect(r.error).not.toMatch(/\n|at Object|\.js:/)
    },
  )

  it('the error quotes at most a short piece of a long broken template', () => {
    const r = renderMessage(withTemplate(null, `{{ symbol ${'x '.repeat(3000)}`), message())
    expect(r.error).toMatch(/^The body template has a mistake: output "\{\{ symbol x x/)
    expect(r.error!.length).toBeLessThan(300)
  })

  it('a template that fills in to nothing sends the default; an endless one is clipped', () => {
    expect(renderMessage(withTemplate('{{ nosuch }}', null), message()).title).toBe(message().title)
    // Just over the body limit (4200 characters), so the render stays far inside its time limit
    // on a loaded machine: this checks the clipping, not the clock.
    const long = renderMessage(
      withTemplate(null, '{% for i in (1..1400) %}abc{% endfor %}'),
      message(),
    )
    expect(long.error).toBeNull()
    expect(long.body).toHaveLength(MAX_BODY_CHARS)
    expect(long.body.endsWith('…')).toBe(true)
  })
})

describe('previewMessage', () => {
  it('renders a template being edited over a sample dated from the injected clock', () => {
    const r = previewMessage(
      { title: '{{ symbol }} as of {{ dataDate }}', body: null },
      sampleMessage(NOW),
    )
    expect(r).toEqual({
      title: 'TSLA as of 2026-03-02',
      body: sampleMessage(NOW).body,
      error: null,
    })
  })

  it('renderDraft is the same rendering, named by the contact point being edited', () => {
    const draft = { title: '{{ contactPoint }}: {{ symbol }}', body: null }
    expect(renderDraft(draft, sampleMessage(NOW), point({ kind: 'webhook', name: 'Ops' }))).toEqual(
      { title: 'Ops: TSLA', body: sampleMessage(NOW).body, error: null },
    )
  })

  it('shows the error and the default text for a broken template', () => {
    const r = previewMessage({ title: null, body: '{{ value | nope }}' }, sampleMessage(NOW))
    expect(r.body).toBe(sampleMessage(NOW).body)
    expect(r.error).toMatch(/^The body template uses a filter that does not exist: nope/)
  })
})

describe('the template fields are documented', () => {
  it('docs/delivery.md lists every field', () => {
    const doc = readFileSync('docs/delivery.md', 'utf8')
    for (const name of TEMPLATE_FIELD_NAMES) expect(doc).toContain(`\`${name}\``)
  })
})

describe('templateExtras', () => {
  const event: AlertEvent = {
    id: 'e1',
    at: '2026-03-02T14:25:00.000Z',
    type: 'fired',
    ruleId: 'r',
    ruleName: 'R',
    symbol: 'TSLA',
    message: 'TSLA 7-day TVL −12.3 % (threshold −10.0 %)',
    value: -12.3,
    threshold: -10,
    verified: true,
    market: {
      market: 'us-equities',
      phase: 'closed',
      reason: 'weekend',
      holiday: null,
      earlyClose: null,
      label: 'US market closed (weekend)',
    },
  }

  it('gives templates the change in words, the market session, the flow split and issuer moves', () => {
    const r = renderMessage(
      withTemplate(
        null,
        '{{ change }} | {{ marketSession }} | {{ priceFlow }} | {{ issuerMoves }}',
      ),
      message({
        events: [
          {
            ...message().events[0]!,
            ...templateExtras(event, {
              flow: {
                kind: 'split',
                windowDays: 7,
                from: { at: 'a', tvl: 1, price: 1 },
                to: { at: 'b', tvl: 1, price: 1 },
                tvlPct: -12.3,
                pricePct: -2.1,
                netFlowPct: -10.4,
                text: 'TVL −12.3 %: price −2.1 %, net outflow −10.4 %',
              },
              issuerMoves: { kind: 'unknown', reason: 'history too short' },
            }),
          },
        ],
      }),
    )
    expect(r.body).toBe(
      'TSLA 7-day TVL −12.3 % (threshold −10.0 %) | while the US market was closed (weekend) | TVL −12.3 %: price −2.1 %, net outflow −10.4 % |',
    )
  })
})
