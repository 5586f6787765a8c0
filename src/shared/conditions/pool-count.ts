// The pool-count condition: an asset's pools on one network, a floor and/or a drop.
import { z } from 'zod'
import { defineKind, optionalNumber } from './kind'

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

const pools = (n: number, num: (n: number) => string): string =>
  `${num(n)} pool${n === 1 ? '' : 's'}`

export const poolCount = defineKind({
  kind: 'pool-count',
  schema: poolCountConditionSchema,
  label: 'Pool count on a network',
  brief: 'fewer than `below` pools on a network, or `dropBy` lost since the last poll',
  summary:
    'the asset has fewer than `below` pools on the network, or lost at least `dropBy` of them since the last poll (either or both)',
  example: { kind: 'pool-count', network: 'ethereum', below: 2, dropBy: 1 },
  override: {
    // The floor when the rule has one, else the drop.
    meaning: (c) => ({
      label: c.below !== undefined ? 'Fewer than (pools)' : 'Lost (pools)',
      ruleValue: c.below ?? c.dropBy ?? 1,
      max: 100_000,
      whole: true,
      tooBig: 'a pool count can be at most 100,000',
    }),
    apply: (c, t) => (c.below !== undefined ? { ...c, below: t } : { ...c, dropBy: t }),
  },
  // One pool back ends it.
  rearmUnit: null,
  describe: (c) => {
    const parts = [
      ...(c.below !== undefined ? [`fewer than ${c.below}`] : []),
      ...(c.dropBy !== undefined ? [`${c.dropBy} lost since the last check`] : []),
    ]
    return `pools on ${c.network}: ${parts.join(' or ')}`
  },
  valueUnit: 'pools',
  direction: () => 'down',
  thresholdText: (c, t, f) =>
    c.below !== undefined ? `fewer than ${pools(t, f.num)}` : `${pools(t, f.num)} lost`,
  editor: {
    toForm: (c) => ({ network: c.network, poolsBelow: c.below ?? '', poolsDropBy: c.dropBy ?? '' }),
    fromForm: (f) => {
      const below = optionalNumber(f.poolsBelow)
      const dropBy = optionalNumber(f.poolsDropBy)
      return {
        kind: 'pool-count' as const,
        network: f.network.trim(),
        ...(below !== undefined ? { below } : {}),
        ...(dropBy !== undefined ? { dropBy } : {}),
      }
    },
  },
})
