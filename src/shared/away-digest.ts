// What crossed while the user was away (asleep, offline or not running): one notification and the
// Alerts view's dismissible panel, built by the engine's first poll back (engine/alerts/decide/away.ts).

export type AwayItemKind = 'fired' | 'resolved' | 'still-firing' | 'other'

export interface AwayItem {
  kind: AwayItemKind
  symbol: string
  ruleName: string
  /** "TSLA TVL down 12.0 % in 7 days"; for still firing, the rule and since when. */
  text: string
  /** "while the US market was closed (weekend)" for a stock or commodity. */
  market: string | null
}

export interface AwayDigest {
  /** The first poll back, which made it. */
  at: string
  /** The last poll before, that judged fresh data. */
  since: string
  awayMs: number
  /** "While you were away (9 h): 2 alerts fired, 1 resolved" */
  title: string
  fired: number
  resolved: number
  stillFiring: number
  items: AwayItem[]
}
