// The pool-count condition: an asset's number of pools on one network, a floor and/or a drop.
// Its own file so the rule schema gains one line for it (alert-rules.ts).
import { z } from 'zod'

export const poolCountConditionSchema = z
  .object({
    kind: z.literal('pool-count'),
    /** The network as the service names it ("ethereum"); its pools are counted across issuers. */
    network: z.string().trim().min(1).max(64),
    /** Fires while fewer than this many pools are listed on the network. */
    below: z.number().int().positive().max(100_000).optional(),
    /**
     * Fires when the count fell by at least this many since the previous trusted reading (the last
     * poll's, or the last full check's in a tiered watchlist); the level before the drop is held
     * while the episode lasts, so it is confirmed over pendingCycles and ends when pools return.
     */
    dropBy: z.number().int().positive().max(100_000).optional(),
  })
  .strict()
  .refine((c) => c.below !== undefined || c.dropBy !== undefined, {
    message: 'needs "below" (a floor), "dropBy" (a drop since the last poll) or both',
  })

export type PoolCountCondition = z.infer<typeof poolCountConditionSchema>
