// concentration to the engine: the largest share (and HHI) on the detail; screened on the last
// cached detail (the bulk series has no issuers); not backtestable.
import type { ConditionOf } from '../../../../shared/conditions/registry'
import { formatHhi, hhiBand, hhiText } from '../../../../shared/hhi'
import { largestShare } from '../measure/change'
import { formatPct } from '../text/format'
import { CONCENTRATION_MARGIN_PP, HHI_MARGIN_FRACTION, noBasis, withoutTag } from './common'
import type { EngineKind } from './kind'

type C = ConditionOf<'concentration'>

export const concentrationEngine: EngineKind<C> = {
  measure({ symbol, reading, condition: c, rearmMarginPct }) {
    const { detail, lfl } = reading
    const missingTag = withoutTag(lfl)
    if (lfl !== null && lfl.ratio === null) return noBasis(lfl)
    const ratio = lfl?.ratio ?? 1
    const extra = (lfl?.missing ?? []).map((m) => ({ ...m, tvl: m.tvl * ratio }))
    const top = largestShare(detail, c.by, extra)
    if (top === null)
      return {
        kind: 'nodata',
        detail: `${c.by} concentration cannot be judged: the service's data gives no ${c.by} TVL`,
      }
    const overShare = top.sharePct > c.maxSharePct
    const overHhi = c.maxHhi !== undefined && top.hhi > c.maxHhi
    const breach = overShare || overHhi
    // The re-arm margin in points of share; for the index, the same fraction of its limit.
    const hhiClear = c.maxHhi === undefined || top.hhi <= c.maxHhi * (1 - rearmMarginPct / 100)
    const holds = `${c.by} ${top.name} holds ${formatPct(top.sharePct)} of TVL`
    const shareLimit = `(limit ${formatPct(c.maxSharePct)})`
    const limit = `${shareLimit}; ${hhiText(top.hhi, c.maxHhi)}`
    const orHhi = c.maxHhi === undefined ? '' : ` or HHI ${formatHhi(c.maxHhi)}`
    const common = {
      kind: 'measured' as const,
      breach,
      clear: !breach && top.sharePct <= c.maxSharePct - rearmMarginPct && hhiClear,
      verified: true,
      disagreement: null,
      subject: `${c.by} concentration`,
      status: `largest ${c.by} ${top.name} holds ${formatPct(top.sharePct)}, ${hhiText(top.hhi)}; alert above ${formatPct(c.maxSharePct)}${orHhi}${missingTag}`,
      reading: `${holds}, ${hhiText(top.hhi)}`,
      recovery: `largest ${c.by} ${top.name} back to ${formatPct(top.sharePct)} of TVL (limit ${formatPct(c.maxSharePct)})${c.maxHhi === undefined ? '' : `, ${hhiText(top.hhi, c.maxHhi)}`}${missingTag}`,
    }
    // Over the HHI limit only: the alert names the limit it is over, and its value/threshold are
    // the index's (over both, the share leads: it is the rule's own, required limit).
    if (overHhi && !overShare && c.maxHhi !== undefined) {
      const over = (still: string): string =>
        `${symbol}: ${c.by} HHI ${still}${formatHhi(top.hhi)} (${hhiBand(top.hhi)}), above its limit of ${formatHhi(c.maxHhi!)}; largest ${holds} ${shareLimit}${missingTag}`
      return {
        ...common,
        value: top.hhi,
        threshold: c.maxHhi,
        unit: 'hhi',
        headline: over(''),
        ongoing: over('still '),
      }
    }
    return {
      ...common,
      value: top.sharePct,
      threshold: c.maxSharePct,
      headline: `${symbol}: ${holds} ${limit}${missingTag}`,
      ongoing: `${symbol}: ${c.by} ${top.name} still holds ${formatPct(top.sharePct)} of TVL ${limit}${missingTag}`,
    }
  },
  screen(c, _f, cached) {
    const top = cached === null ? null : largestShare(cached, c.by)
    if (top === null) return 'unknown'
    const nearHhi = c.maxHhi !== undefined && top.hhi > c.maxHhi * (1 - HHI_MARGIN_FRACTION)
    return top.sharePct > c.maxSharePct - CONCENTRATION_MARGIN_PP || nearHhi ? 'near' : 'clear'
  },
  judgedInTurn: false,
  backtest: {
    untestableBecause:
      'it needs each issuer’s or network’s share of TVL, and the daily series has only the total',
  },
}
