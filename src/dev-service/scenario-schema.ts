// The scenario scripts the local service accepts (zod), and what an added one becomes.
import { z } from 'zod'

const instant = z.union([z.iso.datetime({ offset: true }), z.date(), z.number().finite()])
const name = z.string().min(1).max(64)

export const scenarioSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('tvl-drop'),
      symbol: name,
      issuer: name.optional(),
      network: name.optional(),
      /** Percent of the slice's TVL that is gone at endsAt (25 = a quarter). */
      pct: z.number().gt(0).max(100),
      windowDays: z.number().positive().max(3650),
      /** ISO instant, Date or epoch ms; default: the service clock when added. */
      endsAt: instant.optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('issuer-missing'),
      symbol: name,
      issuer: name,
      /** The detail's history still counts the issuer, as a service that drops it only from its
       *  live figures would: the total then looks like a drop against that history. */
      keepInHistory: z.boolean().optional(),
    })
    .strict(),
  /** The detail reports this tvlChange for the window, whatever the history says. */
  z
    .object({
      kind: z.literal('reported-change'),
      symbol: name,
      window: z.enum(['7d', '30d']).default('7d'),
      tvlChange: z.number().finite(),
    })
    .strict(),
  /** The symbol's data stops at `asOf`: its detail shows the values of then, its series end that day. */
  z.object({ kind: z.literal('frozen'), symbol: name, asOf: instant }).strict(),
  /**
   * From `startsAt` (default: now) the symbol's TVL alternates every half period between its own
   * level and `pct` % lower: a value that keeps crossing a threshold.
   */
  z
    .object({
      kind: z.literal('oscillate'),
      symbol: name,
      pct: z.number().gt(0).lt(100),
      periodMinutes: z.number().positive().max(525_600),
      startsAt: instant.optional(),
    })
    .strict(),
  /**
   * A year of history with drops known in advance (backtests): the symbol's TVL is flat at its
   * catalog level — no noise — except for these drops, each falling linearly by `pct` % over
   * `windowDays` to its bottom at `endsAt`, then climbing back linearly over `recoverDays`
   * (default: as long as the fall). No drops: a flat history.
   */
  z
    .object({
      kind: z.literal('known-drops'),
      symbol: name,
      drops: z
        .array(
          z
            .object({
              pct: z.number().gt(0).lt(100),
              endsAt: instant,
              windowDays: z.number().positive().max(365).default(1),
              recoverDays: z.number().min(0).max(365).optional(),
            })
            .strict(),
        )
        .max(100),
    })
    .strict(),
  /**
   * From `from` (default: now) the symbol loses `pools` pools on `network` (of one issuer, or of
   * each issuer there), never below none; its TVL stays, spread over the pools left.
   */
  z
    .object({
      kind: z.literal('pool-loss'),
      symbol: name,
      network: name,
      issuer: name.optional(),
      pools: z.number().int().positive().max(255),
      from: instant.optional(),
    })
    .strict(),
  /**
   * The underlying's price (tradfiAssetPrice) falls linearly by `pct` % over `windowDays` ending at
   * `endsAt` (default: now), then stays; the token count is flat, so every slice's TVL falls by the
   * same factor: TVL down, net flow about nil.
   */
  z
    .object({
      kind: z.literal('price-move'),
      symbol: name,
      pct: z.number().gt(0).lt(100),
      windowDays: z.number().positive().max(3650),
      endsAt: instant.optional(),
    })
    .strict(),
  /**
   * `pct` % of issuer `from`'s TVL of the symbol moves to issuer `to` linearly over `windowDays`
   * ending at `endsAt` (default: now), then stays there; the symbol's total is unchanged.
   */
  z
    .object({
      kind: z.literal('issuer-migration'),
      symbol: name,
      from: name,
      to: name,
      pct: z.number().gt(0).max(100),
      windowDays: z.number().positive().max(3650),
      endsAt: instant.optional(),
    })
    .strict()
    .refine((s) => s.from !== s.to, { message: 'from and to must be different issuers' }),
  /** One issuer's TVL of the symbol falls by `pct` % over `windowDays`; nothing else rises. */
  z
    .object({
      kind: z.literal('issuer-exit'),
      symbol: name,
      issuer: name,
      pct: z.number().gt(0).max(100),
      windowDays: z.number().positive().max(3650),
      endsAt: instant.optional(),
    })
    .strict(),
  /**
   * The symbol trades a steady 10 % of its TVL a day (no turnover noise), except `pct` % less from
   * `from` (default: now) for `days` days (default: from then on): volume drying up, TVL untouched.
   */
  z
    .object({
      kind: z.literal('volume-collapse'),
      symbol: name,
      pct: z.number().gt(0).max(100),
      from: instant.optional(),
      days: z.number().positive().max(3650).optional(),
    })
    .strict(),
])

export type Scenario = z.input<typeof scenarioSchema>
export interface KnownDrop {
  pct: number
  endsAt: string
  windowDays: number
  recoverDays: number
}
export type ActiveScenario =
  | {
      id: string
      kind: 'tvl-drop'
      symbol: string
      issuer?: string
      network?: string
      pct: number
      windowDays: number
      endsAt: string
    }
  | { id: string; kind: 'issuer-missing'; symbol: string; issuer: string; keepInHistory?: boolean }
  | {
      id: string
      kind: 'volume-collapse'
      symbol: string
      pct: number
      from: string
      days?: number
    }
  | { id: string; kind: 'reported-change'; symbol: string; window: '7d' | '30d'; tvlChange: number }
  | { id: string; kind: 'frozen'; symbol: string; asOf: string }
  | { id: string; kind: 'known-drops'; symbol: string; drops: KnownDrop[] }
  | {
      id: string
      kind: 'issuer-migration'
      symbol: string
      from: string
      to: string
      pct: number
      windowDays: number
      endsAt: string
    }
  | {
      id: string
      kind: 'issuer-exit'
      symbol: string
      issuer: string
      pct: number
      windowDays: number
      endsAt: string
    }
  | {
      id: string
      kind: 'price-move'
      symbol: string
      pct: number
      windowDays: number
      endsAt: string
    }
  | {
      id: string
      kind: 'oscillate'
      symbol: string
      pct: number
      periodMinutes: number
      startsAt: string
    }
  | {
      id: string
      kind: 'pool-loss'
      symbol: string
      network: string
      issuer?: string
      pools: number
      from: string
    }
