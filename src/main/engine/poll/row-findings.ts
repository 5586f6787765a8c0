// What a row tells about its asset beyond its figures, in plain words: `check --json` rows'
// `findings` (beside `problems`, which say why figures may not be trusted) and the CLI's
// "Findings:" lines. One builder: each kind of finding is one function in the list below.
import type { FlowResult } from '../../../shared/flow'
import type { AssetDetail } from '../../../shared/liquidity-schemas'
import { marketSession } from '../../../shared/market-hours'
import { hhiText } from '../../../shared/hhi'
import { localWhen, type UtcOffset } from '../../../shared/local-time'
import { largestShare } from '../../../shared/hhi'
import { formatPct, windowDays } from '../alerts/text/format'
import type { IssuerWindows } from '../history/issuer-window'
import { MIGRATION_WINDOW } from '../history/issuer-window'
import { plural } from '../alerts/text/notification-text'
import type { PoolCounts } from '../alerts/model'

export interface RowFacts {
  symbol: string
  /** The detail the row shows (fresh or cached); null when there is none. */
  detail: AssetDetail | null
  /** Pools per network at the previous trusted reading, and at this poll's (when it had one). */
  poolsBefore: PoolCounts | undefined
  poolsNow: PoolCounts | undefined
  /** While parts are missing from the data: what ("issuer Backed"); pools are not compared then. */
  missing?: string
  /** When the shown data was fetched; null when there is none. */
  fetchedAt: string | null
  /** This poll's flow vs price split from the app's history (fresh details only). */
  flow?: FlowResult
  /** This poll's issuer windows from the app's history (fresh details only): migration or exit. */
  issuers?: IssuerWindows
  now: Date
  tz: UtcOffset
}

/** "data fetched while the US market was closed (weekend)": a weekend move is read as such. */
function marketAtData(f: RowFacts): string[] {
  if (f.fetchedAt === null) return []
  const s = marketSession(
    { symbol: f.symbol, assetType: f.detail?.assetType ?? null },
    new Date(f.fetchedAt),
  )
  return [`${MARKET_FINDING}${s.label}`]
}

/** "7-day flow vs price: TVL −12.0 %: price −9.0 %, net outflow −3.3 %", or why it cannot be said. */
function flowVsPrice(f: RowFacts): string[] {
  if (f.flow === undefined) return []
  const head = `${f.flow.windowDays}-day flow vs price`
  return [f.flow.kind === 'split' ? `${head}: ${f.flow.text}` : `${head}: ${f.flow.reason}`]
}

/**
 * "issuers over 7 days: xStocks −$4.1M, Backed +$3.9M: migration, net −$200K", and since the last
 * poll when something moved then; or why it cannot be said (history too short).
 */
function issuerMoves(f: RowFacts): string[] {
  const out: string[] = []
  const week = f.issuers?.[MIGRATION_WINDOW]
  if (week !== undefined) {
    const head = `issuers over ${windowDays(MIGRATION_WINDOW)} days`
    out.push(week.kind === 'known' ? `${head}: ${week.moves.text}` : `${head}: ${week.reason}`)
  }
  const last = f.issuers?.last
  if (last?.kind === 'known' && last.moves.kind !== 'none')
    out.push(`issuers since the last poll: ${last.moves.text}`)
  return out
}

/** "pools on ethereum: 6 → 4 since the last check (12:05)", per network whose count changed. */
function poolChanges(f: RowFacts): string[] {
  const before = f.poolsBefore
  const now = f.poolsNow
  // Only a new trusted reading compared with an earlier one says something changed.
  // A missing issuer takes its pools out of the counts: that is not a pool loss (nor a gain on return).
  if (f.missing !== undefined)
    return [
      `pools are not compared with the last check while ${f.missing} is missing from the data`,
    ]
  if (before === undefined || now === undefined || now.at === before.at) return []
  const when = localWhen(new Date(before.at), f.now, f.tz)
  const networks = [...new Set([...Object.keys(before.networks), ...Object.keys(now.networks)])]
  return networks.sort().flatMap((net) => {
    const was = before.networks[net] ?? 0
    const is = now.networks[net] ?? 0
    if (was === is) return []
    const gone = now.networks[net] === undefined ? ' (the network is no longer listed)' : ''
    return [`pools on ${net}: ${was} → ${is} since the last check (${when})${gone}`]
  })
}

/** "issuer concentration: HHI 3,248 (highly concentrated), largest Backed with 46.8 %", per split. */
function concentration(f: RowFacts): string[] {
  if (f.detail === null) return []
  const detail = f.detail
  return (['issuer', 'network'] as const).flatMap((by) => {
    const top = largestShare(detail, by)
    if (top === null) return []
    return [
      `${by} concentration: ${hhiText(top.hhi)}, largest ${top.name} with ${formatPct(top.sharePct)} of ${plural(by === 'issuer' ? detail.issuers.length : countNetworks(detail), by)}`,
    ]
  })
}

function countNetworks(d: AssetDetail): number {
  return new Set(d.issuers.flatMap((i) => i.networks.map((n) => n.network))).size
}

/** How the market-session finding begins (check's text groups those by market instead). */
export const MARKET_FINDING = "market at the data's time: "

/**
 * The findings of one row, in order. To add one: a function of RowFacts (add the facts it needs
 * there) returning its sentences, in this list.
 */
export function rowFindings(f: RowFacts): string[] {
  return [
    ...marketAtData(f),
    ...flowVsPrice(f),
    ...issuerMoves(f),
    ...poolChanges(f),
    ...concentration(f),
  ]
}
