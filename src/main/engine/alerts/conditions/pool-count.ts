// pool-count to the engine: measured in measure-pools.ts; screened on the last cached detail (the
// bulk series has no pools); not backtestable.
import type { ConditionOf } from '../../../../shared/conditions/registry'
import { networkKey, poolCountsByNetwork } from '../../../../shared/pool-counts'
import { measurePools } from '../measure/measure-pools'
import { APPROACH_FRACTION } from './common'
import type { EngineKind } from './kind'

type C = ConditionOf<'pool-count'>

export const poolCountEngine: EngineKind<C> = {
  measure: ({ symbol, reading, condition, poolRef }) =>
    measurePools(symbol, reading.detail, reading.lfl, condition, poolRef),
  /**
   * A floor near the cached count (within a third, and always at the floor itself, where one more
   * loss crosses) fetches the detail. A drop since the last check can only be seen on a new
   * detail: it rests on the round robin (the detail age bound), like a concentration far from its
   * limit. Without a cached detail: unknown.
   */
  screen(c, _f, cached) {
    if (cached === null) return 'unknown'
    const count = poolCountsByNetwork(cached)[networkKey(c.network)]
    if (count === undefined) return 'unknown'
    if (c.below === undefined) return 'clear'
    return count <= c.below || count < c.below * (1 + APPROACH_FRACTION) ? 'near' : 'clear'
  },
  judgedInTurn: false,
  backtest: {
    untestableBecause:
      'it needs the pools on each network, and the daily series has no pools per symbol',
  },
}
