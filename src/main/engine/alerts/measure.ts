// Judges one trusted reading against a rule condition: the measured value (like for like when
// parts of the symbol vanished), or no verdict when the figures cannot say.
import type { AlertCondition } from '../../../shared/alert-rules'
import type { AssetDetail } from '../../../shared/liquidity-schemas'
import { computeChange } from '../../../shared/change'
import { disagreement, largestShare } from './change'
import { formatAmount, formatPct, formatSignedPct, windowDays } from './format'
import { formatHhi, hhiText } from '../../../shared/hhi'
import { measurePools } from './measure-pools'
import { measureNetFlow } from './measure-flow'
import type { FlowResult } from '../../../shared/flow'
import type { IssuerWindows } from '../history/issuer-window'
import { measureIssuerDrop } from './measure-issuer-drop'
import { migrationNote } from './migration-note'
import type { LikeForLike, Measurement, NoVerdict, SymbolReading } from './model'

function withoutTag(lfl: LikeForLike | null): string {
  if (lfl === null) return ''
  const many = lfl.absences.length > 1 || lfl.without.startsWith('issuers ')
  return ` (without ${lfl.without}, which ${many ? 'are' : 'is'} missing)`
}

function noBasis(lfl: LikeForLike): NoVerdict {
  return {
    kind: 'nodata',
    detail: `${lfl.without} missing; no earlier figures to compare the rest like for like`,
  }
}

/** The window change: the service's own, or like for like over the parts still there. */
function windowChange(detail: AssetDetail, c: { window: '7d' | '30d' }, lfl: LikeForLike | null) {
  const own = computeChange(detail, c.window)
  if (lfl === null) return own === null ? null : { pct: own.pct, own }
  const pct = lfl.change[c.window]
  return pct === null ? null : { pct, own }
}

export function measure(
  symbol: string,
  reading: Extract<SymbolReading, { kind: 'good' }>,
  c: AlertCondition,
  rearmMarginPct: number,
  /** pool-count: the count a drop is measured from (pool-reference.ts); null: none yet. */
  poolRef: number | null = null,
  /** net-flow: the split over each window this poll (undefined: no history kept). */
  flows: Partial<Record<'7d' | '30d', FlowResult>> = {},
  /** issuer-drop and ignoreMigrations: the issuers now and one window ago (undefined: no history). */
  issuers: IssuerWindows = {},
): Measurement | NoVerdict {
  const { detail, lfl } = reading
  const missingTag = withoutTag(lfl)
  switch (c.kind) {
    case 'tvl-change': {
      const change = windowChange(detail, c, lfl)
      if (change === null) {
        if (lfl !== null) return noBasis(lfl)
        const days = windowDays(c.window)
        return {
          kind: 'nodata',
          detail: `${days}-day change cannot be judged: the service's data has no TVL at the start of the ${days}-day window`,
        }
      }
      const pct = change.pct
      const days = windowDays(c.window)
      // Signed so that a positive "move" is always in the rule's direction.
      const move = c.direction === 'down' ? -pct : pct
      // ignoreMigrations: a drop the issuers' moves explain as a migration does not fire.
      const migration =
        c.ignoreMigrations && c.direction === 'down'
          ? migrationNote(issuers[c.window], c.thresholdPct)
          : null
      const ignored = migration?.ignore === true && move >= c.thresholdPct
      const breach = move >= c.thresholdPct && !ignored
      const word = pct < 0 ? 'down' : 'up'
      // The service's own figures must agree with each other, like for like or not.
      const verified = change.own?.verified ?? true
      const disagree = change.own ? disagreement(change.own) : null
      const tag = missingTag
      const said = `${word} ${formatPct(pct)} in ${days} days`
      const judged = `${said}; alert at ${c.direction} ${formatPct(c.thresholdPct)}${missingTag}${migration === null ? '' : `; ${migration.text}`}`
      return {
        kind: 'measured',
        value: pct,
        threshold: c.thresholdPct,
        breach,
        // Explained by a migration: not a drop, so an episode under way ends.
        clear: ignored || (!breach && move <= c.thresholdPct - rearmMarginPct),
        verified,
        disagreement: disagree,
        headline: `${symbol} TVL ${said}${tag}${migration?.headline ?? ''}`,
        ongoing: `${symbol} TVL still ${said}${tag}`,
        subject: `${days}-day TVL ${c.direction === 'down' ? 'drop' : 'rise'}`,
        // The disagreement leads: it is why this figure is not notified.
        status: disagree === null ? judged : `${disagree} (${days}-day change); ${judged}`,
        reading: said,
        recovery: `${days}-day TVL back to ${formatSignedPct(pct)} (threshold ${formatSignedPct(c.direction === 'down' ? -c.thresholdPct : c.thresholdPct)})${tag}`,
      }
    }
    case 'tvl-below': {
      // Like for like: the missing parts count as moving with the rest since the anchor.
      if (lfl !== null && lfl.ratio === null) return noBasis(lfl)
      const ratio = lfl?.ratio ?? 1
      const tvl = detail.totalTvl + (lfl?.missing ?? []).reduce((s, m) => s + m.tvl * ratio, 0)
      if (!Number.isFinite(tvl))
        return {
          kind: 'nodata',
          detail: 'TVL cannot be judged: the figures are too large to add up',
        }
      const breach = tvl < c.amount
      return {
        kind: 'measured',
        value: tvl,
        threshold: c.amount,
        breach,
        clear: !breach && tvl >= c.amount * (1 + rearmMarginPct / 100),
        verified: true,
        disagreement: null,
        headline: `${symbol} TVL ${formatAmount(tvl)} is below ${formatAmount(c.amount)}${missingTag}`,
        ongoing: `${symbol} TVL still below ${formatAmount(c.amount)}: ${formatAmount(tvl)}${missingTag}`,
        subject: `TVL below ${formatAmount(c.amount)}`,
        status: `TVL ${formatAmount(tvl)}; alert below ${formatAmount(c.amount)}${missingTag}`,
        reading: `TVL ${formatAmount(tvl)}`,
        recovery: `TVL back to ${formatAmount(tvl)} (threshold ${formatAmount(c.amount)})${missingTag}`,
      }
    }
    case 'concentration': {
      if (lfl !== null && lfl.ratio === null) return noBasis(lfl)
      const ratio = lfl?.ratio ?? 1
      const extra = (lfl?.missing ?? []).map((m) => ({ ...m, tvl: m.tvl * ratio }))
      const top = largestShare(detail, c.by, extra)
      if (top === null)
        return {
          kind: 'nodata',
          detail: `${c.by} concentration cannot be judged: the service's data gives no ${c.by} TVL`,
        }
      const overHhi = c.maxHhi !== undefined && top.hhi > c.maxHhi
      const breach = top.sharePct > c.maxSharePct || overHhi
      // The re-arm margin in points of share; for the index, the same fraction of its limit.
      const hhiClear = c.maxHhi === undefined || top.hhi <= c.maxHhi * (1 - rearmMarginPct / 100)
      const holds = `${c.by} ${top.name} holds ${formatPct(top.sharePct)} of TVL`
      const limit = `(limit ${formatPct(c.maxSharePct)}); ${hhiText(top.hhi, c.maxHhi)}`
      const orHhi = c.maxHhi === undefined ? '' : ` or HHI ${formatHhi(c.maxHhi)}`
      return {
        kind: 'measured',
        value: top.sharePct,
        threshold: c.maxSharePct,
        breach,
        clear: !breach && top.sharePct <= c.maxSharePct - rearmMarginPct && hhiClear,
        verified: true,
        disagreement: null,
        headline: `${symbol}: ${holds} ${limit}${missingTag}`,
        ongoing: `${symbol}: ${c.by} ${top.name} still holds ${formatPct(top.sharePct)} of TVL ${limit}${missingTag}`,
        subject: `${c.by} concentration`,
        status: `largest ${c.by} ${top.name} holds ${formatPct(top.sharePct)}, ${hhiText(top.hhi)}; alert above ${formatPct(c.maxSharePct)}${orHhi}${missingTag}`,
        reading: `${holds}, ${hhiText(top.hhi)}`,
        recovery: `largest ${c.by} ${top.name} back to ${formatPct(top.sharePct)} of TVL (limit ${formatPct(c.maxSharePct)})${c.maxHhi === undefined ? '' : `, ${hhiText(top.hhi, c.maxHhi)}`}${missingTag}`,
      }
    }
    case 'pool-count':
      return measurePools(symbol, detail, lfl, c, poolRef)
    case 'net-flow':
      return measureNetFlow(symbol, lfl, c, rearmMarginPct, flows[c.window])
    case 'issuer-drop':
      return measureIssuerDrop(
        symbol,
        c,
        rearmMarginPct,
        issuers[c.window],
        detail.issuers.map((i) => i.name),
      )
  }
}
