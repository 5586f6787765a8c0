// concentration to the engine: the largest share (and HHI) on the detail; screened on the last
// cached detail (the bulk series has no issuers); not backtestable.
import type { ConditionOf } from '../../../../shared/conditions/registry'
import { formatHhi, hhiBand, hhiText, largestShare } from '../../../../shared/hhi'
import { formatPct } from '../text/format'
import { measured, missingNow, noBasis, noData, withoutTag } from './common'
import type { EngineKind } from './kind'

type C = ConditionOf<'concentration'>
type Top = NonNullable<ReturnType<typeof largestShare>>

/** Screened on the last cached detail: within 5 points of the share limit, or a tenth of the HHI's. */
const CONCENTRATION_MARGIN_PP = 5
const HHI_MARGIN_FRACTION = 0.1

/**
 * What the alert leads with. Over the HHI limit only, the limit it is over, and its value and
 * threshold are the index's; otherwise (over both, too) the share, the rule's own required limit.
 */
function leading(symbol: string, c: C, top: Top, tag: string, hhiOnly: boolean) {
  const holds = `${c.by} ${top.name} holds ${formatPct(top.sharePct)} of TVL`
  const shareLimit = `(limit ${formatPct(c.maxSharePct)})`
  if (hhiOnly && c.maxHhi !== undefined) {
    const over = (still: string): string =>
      `${symbol}: ${c.by} HHI ${still}${formatHhi(top.hhi)} (${hhiBand(top.hhi)}), above its limit of ${formatHhi(c.maxHhi!)}; largest ${holds} ${shareLimit}${tag}`
    const unit = 'hhi' as const
    return {
      value: top.hhi,
      threshold: c.maxHhi,
      unit,
      headline: over(''),
      ongoing: over('still '),
    }
  }
  const limit = `${shareLimit}; ${hhiText(top.hhi, c.maxHhi)}`
  return {
    value: top.sharePct,
    threshold: c.maxSharePct,
    headline: `${symbol}: ${holds} ${limit}${tag}`,
    ongoing: `${symbol}: ${c.by} ${top.name} still holds ${formatPct(top.sharePct)} of TVL ${limit}${tag}`,
  }
}

export const concentrationEngine: EngineKind<C> = {
  measure({ symbol, reading: { detail, lfl }, condition: c, rearmMarginPct }) {
    if (lfl !== null && lfl.ratio === null) return noBasis(lfl)
    const top = largestShare(detail, c.by, missingNow(lfl))
    if (top === null)
      return noData(
        `${c.by} concentration cannot be judged: the service's data gives no ${c.by} TVL`,
      )
    const overShare = top.sharePct > c.maxSharePct
    const overHhi = c.maxHhi !== undefined && top.hhi > c.maxHhi
    // The re-arm margin in points of share; for the index, the same fraction of its limit.
    const hhiClear = c.maxHhi === undefined || top.hhi <= c.maxHhi * (1 - rearmMarginPct / 100)
    const tag = withoutTag(lfl)
    const orHhi = c.maxHhi === undefined ? '' : ` or HHI ${formatHhi(c.maxHhi)}`
    const largest = `largest ${c.by} ${top.name}`
    return measured({
      ...leading(symbol, c, top, tag, overHhi && !overShare),
      breach: overShare || overHhi,
      clear: !overShare && !overHhi && top.sharePct <= c.maxSharePct - rearmMarginPct && hhiClear,
      subject: `${c.by} concentration`,
      status: `${largest} holds ${formatPct(top.sharePct)}, ${hhiText(top.hhi)}; alert above ${formatPct(c.maxSharePct)}${orHhi}${tag}`,
      reading: `${c.by} ${top.name} holds ${formatPct(top.sharePct)} of TVL, ${hhiText(top.hhi)}`,
      recovery: `${largest} back to ${formatPct(top.sharePct)} of TVL (limit ${formatPct(c.maxSharePct)})${c.maxHhi === undefined ? '' : `, ${hhiText(top.hhi, c.maxHhi)}`}${tag}`,
    })
  },
  screen(c, _f, cached) {
    const top = cached === null ? null : largestShare(cached, c.by)
    if (top === null) return 'unknown'
    const nearHhi = c.maxHhi !== undefined && top.hhi > c.maxHhi * (1 - HHI_MARGIN_FRACTION)
    return top.sharePct > c.maxSharePct - CONCENTRATION_MARGIN_PP || nearHhi ? 'near' : 'clear'
  },
  backtest: {
    untestableBecause:
      'it needs each issuer’s or network’s share of TVL, and the daily series has only the total',
  },
}
