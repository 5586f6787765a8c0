// What a tiered poll says on the row of a symbol it neither fetched nor could screen on the bulk
// series (the bulk request failed, or its series is missing or stopped): not judged, and why.
import { localWhen, type UtcOffset } from '../../../shared/local-time'
import type { AssetType } from '../../../shared/liquidity-schemas'
import type { FetchResult } from './cycle-fetch'
import type { SymbolSnapshot } from './snapshot'

function why(s: SymbolSnapshot, stock: FetchResult['stock']): string {
  const type = s.detail?.assetType as AssetType | undefined
  const bulk = type === undefined ? [...stock.values()] : [stock.get(type)]
  const failed = bulk.find((b) => b?.error != null)?.error
  if (failed) return `today's figures for all symbols could not be fetched (${failed.message})`
  return `its daily figures cannot show whether every rule is met`
}

export function addNotJudged(
  findings: Record<string, string[]>,
  fetched: FetchResult,
  budget: number,
  now: Date,
  tz: UtcOffset,
): void {
  if (fetched.plan === null) return
  for (const s of fetched.snapshots) {
    if (fetched.plan.has(s.symbol) || (s.screen !== null && s.shownOnly !== true)) continue
    const age =
      s.detailFetchedAt === null
        ? 'it has not had a full check yet'
        : `its last full check was at ${localWhen(new Date(s.detailFetchedAt), now, tz)}`
    ;(findings[s.symbol] ??= []).push(
      `not checked this poll: ${why(s, fetched.stock)}, and only ${budget} symbols get a full check per poll; ${age}`,
    )
  }
}
