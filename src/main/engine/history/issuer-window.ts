// Each issuer's TVL of a symbol now (this poll's detail) against the app's own history at the start
// of a span: a window (7 or 30 days) or since the last poll. Classified as migration, exit or mixed
// (shared/issuer-moves.ts); with too little history, the plain reason instead — never a guess.
import { classifyIssuerMoves, type IssuersAt } from '../../../shared/issuer-moves'
import type { ChangeWindow } from '../../../shared/alert-rules'
import type { IssuerWindow } from '../alerts/model'
import type { HistoryReader } from './history-reader'
import { historyShortfall } from './history-shortfall'

const DAY_MS = 24 * 60 * 60 * 1000
/** How far before the window's start a snapshot may be and still stand for it (a missed poll). */
const SLACK_MS = 6 * 60 * 60 * 1000

// The window types are seam types of the alerts engine (alerts/model.ts); re-exported here.
export type {
  IssuerWindow,
  IssuerWindowKnown,
  IssuerWindows,
  IssuerWindowUnknown,
} from '../alerts/model'

type Reader = Pick<HistoryReader, 'snapshotAtOrBefore' | 'first'>

function issuersOf(reader: Reader, symbol: string, at: number) {
  const s = reader.snapshotAtOrBefore(symbol, at)
  return s === null
    ? null
    : {
        at: s.at,
        issuers: s.issuers.map((i) => ({ issuer: i.issuer, tvl: i.tvl })),
        price: s.price,
      }
}

/** Over `windowDays` ending now, or since the newest snapshot before now (`windowDays` null). */
export function issuerWindowOf(
  reader: Reader,
  symbol: string,
  now: IssuersAt,
  windowDays: number | null,
): IssuerWindow {
  const start = windowDays === null ? now.at - 1 : now.at - windowDays * DAY_MS
  const then = issuersOf(reader, symbol, start)
  const span = windowDays === null ? 'since the last poll' : `over ${windowDays} days`
  if (then === null || (windowDays !== null && then.at < start - SLACK_MS)) {
    const since = historyShortfall(reader, symbol, windowDays === null ? null : start, now.at)
    return {
      kind: 'unknown',
      windowDays,
      reason: `not enough history of each issuer's TVL ${span}: Liquidity Watch records it itself and ${since}`,
    }
  }
  const priceRatio = then.price > 0 && now.price > 0 ? now.price / then.price : null
  return {
    kind: 'known',
    windowDays,
    from: then.at,
    then: then.issuers,
    now: now.issuers,
    priceRatio,
    moves: classifyIssuerMoves(then.issuers, now.issuers, priceRatio),
  }
}

/** The window of the migration line: row findings, `check --json` and the asset view. */
export const MIGRATION_WINDOW: ChangeWindow = '7d'

/** Why there is no classification when the history could not be read (or its worker answer). */
export const ISSUERS_UNREAD =
  'the history of figures could not be read, so migration and exit are not told apart'
