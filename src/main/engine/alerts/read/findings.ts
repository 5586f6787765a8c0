// Findings about one symbol's data, in plain words, for the row's `problems`: what makes its
// figures less than trustworthy whatever the rules say.
import { CHANGE_WINDOWS } from '../../../../shared/alert-rules'
import type { AssetDetail } from '../../../../shared/liquidity-schemas'
import { computeChange } from '../../../../shared/change'
import { disagreement } from '../measure/change'
import { windowDays } from '../text/format'

/** "figures disagree: service says +2.0 %, history says −30.1 % (7-day change)", per window. */
export function disagreementFindings(detail: AssetDetail): string[] {
  const out: string[] = []
  for (const w of CHANGE_WINDOWS) {
    const change = computeChange(detail, w)
    const text = change && disagreement(change)
    if (text) out.push(`${text} (${windowDays(w)}-day change)`)
  }
  return out
}
