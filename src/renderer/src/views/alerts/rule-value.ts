// An alert's value and threshold in the unit of its rule's condition: a change in percent, a TVL in
// dollars, a share in percent, a count in pools. The engine stores the bare number (lastValue).
import type { AlertCondition } from '../../../../shared/alert-rules'
import { signedPct } from '../../../../shared/flow'
import { fmtMoney, fmtNum } from '../../lib/format'

const pools = (n: number): string => `${fmtNum(n)} pool${n === 1 ? '' : 's'}`

/** "−27.8 %", "$812K", "83.0 % share", "1 pool"; "—" without a value. */
export function fmtRuleValue(c: AlertCondition | undefined, v: number | null): string {
  if (v === null || !Number.isFinite(v)) return '—'
  switch (c?.kind) {
    case 'tvl-change':
    case 'net-flow':
    case 'issuer-drop':
      return signedPct(v)
    case 'tvl-below':
      return fmtMoney(v)
    case 'concentration':
      return `${(Math.round(v * 10) / 10).toFixed(1)} % share`
    case 'pool-count':
      return pools(v)
    default:
      return fmtNum(v)
  }
}

/** The threshold `t` (the rule's, or the symbol's own) as the value is compared with it: "−10 %". */
export function fmtRuleThreshold(c: AlertCondition, t: number): string {
  switch (c.kind) {
    case 'tvl-change':
    case 'net-flow':
      return `${c.direction === 'down' ? '−' : '+'}${fmtNum(t)} %`
    case 'issuer-drop':
      return `−${fmtNum(t)} %`
    case 'tvl-below':
      return `below ${fmtMoney(t)}`
    case 'concentration':
      return `above ${fmtNum(t)} %${c.maxHhi === undefined ? '' : ` (or HHI above ${fmtNum(c.maxHhi)})`}`
    case 'pool-count':
      return c.below !== undefined ? `fewer than ${pools(t)}` : `${pools(t)} lost`
  }
}
