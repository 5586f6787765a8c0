// What crossed while the user was away (asleep, offline or not running): one notification and the
// Alerts view's dismissible panel, built by the engine's first poll back (engine/alerts/decide/away.ts).
// The schema checks the digest read back from the alert state file.
import { z } from 'zod'

const iso = z.string().datetime()
const count = z.number().int().nonnegative()

const awayItemSchema = z.object({
  kind: z.enum(['fired', 'resolved', 'still-firing', 'other']),
  symbol: z.string(),
  ruleName: z.string(),
  /** "TSLA TVL down 12.0 % in 7 days"; for still firing, the rule and since when. */
  text: z.string(),
  /** "while the US market was closed (weekend)" for a stock or commodity. */
  market: z.string().nullable(),
})
export type AwayItem = z.infer<typeof awayItemSchema>
export type AwayItemKind = AwayItem['kind']

export const awayDigestSchema = z.object({
  /** The first poll back, which made it. */
  at: iso,
  /** The last poll before, that judged fresh data. */
  since: iso,
  awayMs: z.number().nonnegative(),
  /** "While you were away (9 h): 2 alerts fired, 1 resolved" */
  title: z.string(),
  fired: count,
  resolved: count,
  stillFiring: count,
  items: z.array(awayItemSchema),
})
export type AwayDigest = z.infer<typeof awayDigestSchema>
