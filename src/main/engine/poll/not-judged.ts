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
  if (failed) return `the daily series of every symbol could not be fetched (${failed.message})`
  return `the daily series of every symbol could not screen it`
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
    if (fetched.plan.has(s.symbol) || s.screen !== null) continue
    const age =
      s.detailFetchedAt === null
        ? 'its detail has not been fetched yet'
        : `its detail is from ${localWhen(new Date(s.detailFetchedAt), now, tz)}`
    ;(findings[s.symbol] ??= []).push(
      `not judged this poll: ${why(s, fetched.stock)}, and only ${budget} details are fetched per poll; ${age}`,
    )
  }
}
