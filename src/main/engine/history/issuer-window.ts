// Each issuer's TVL of a symbol now (this poll's detail) against the app's own history at the start
// of a span: a window (7 or 30 days) or since the last poll. Classified as migration, exit or mixed
// (shared/issuer-moves.ts); with too little history, the plain reason instead — never a guess.
import { classifyIssuerMoves, type IssuerMoves, type IssuerTvl } from '../../../shared/issuer-moves'
import type { HistoryReader } from './history-reader'

const DAY_MS = 24 * 60 * 60 * 1000
/** How far before the window's start a snapshot may be and still stand for it (a missed poll). */
const SLACK_MS = 6 * 60 * 60 * 1000

export interface IssuerWindowKnown {
  kind: 'known'
  /** Days of the span; null: since the last poll. */
  windowDays: number | null
  /** When the start figures were recorded (ms). */
  from: number
  then: IssuerTvl[]
  now: IssuerTvl[]
  moves: IssuerMoves
}

export interface IssuerWindowUnknown {
  kind: 'unknown'
  windowDays: number | null
  reason: string
}

export type IssuerWindow = IssuerWindowKnown | IssuerWindowUnknown

const when = (ms: number): string =>
  `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`

type Reader = Pick<HistoryReader, 'snapshotAtOrBefore' | 'first'>

function issuersOf(reader: Reader, symbol: string, at: number) {
  const s = reader.snapshotAtOrBefore(symbol, at)
  return s === null
    ? null
    : { at: s.at, issuers: s.issuers.map((i) => ({ issuer: i.issuer, tvl: i.tvl })) }
}

/** Over `windowDays` ending now, or since the newest snapshot before now (`windowDays` null). */
export function issuerWindowOf(
  reader: Reader,
  symbol: string,
  now: { at: number; issuers: IssuerTvl[] },
  windowDays: number | null,
): IssuerWindow {
  const start = windowDays === null ? now.at - 1 : now.at - windowDays * DAY_MS
  const then = issuersOf(reader, symbol, start)
  const span = windowDays === null ? 'since the last poll' : `over ${windowDays} days`
  if (then === null || (windowDays !== null && then.at < start - SLACK_MS)) {
    const first = reader.first(symbol)
    const since =
      first === null || first.at >= now.at
        ? `it has no history of ${symbol} yet`
        : windowDays !== null && first.at <= start
          ? `it recorded no figures of ${symbol} near ${when(start)} (it was not polling then)`
          : `its own history of ${symbol} starts ${when(first.at)}`
    return {
      kind: 'unknown',
      windowDays,
      reason: `not enough history to tell migration from exit ${span}: the app records each issuer's TVL itself and ${since}`,
    }
  }
  return {
    kind: 'known',
    windowDays,
    from: then.at,
    then: then.issuers,
    now: now.issuers,
    moves: classifyIssuerMoves(then.issuers, now.issuers),
  }
}

/** A symbol's issuer windows this poll: per rule window, and since the last poll ('last'). */
export type IssuerWindows = Partial<Record<'7d' | '30d' | 'last', IssuerWindow>>
