// The pool-count condition: an asset's pools on one network, a floor and/or a drop. Its schema
// is in shared/pool-count-condition.ts.
import { poolCountConditionSchema } from '../pool-count-condition'
import { defineKind, optionalNumber } from './kind'

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
