// pool-count to the engine: the asset's pools on a network against a floor (`below`) and a drop
// (`dropBy`) from a reference count (measure/pool-reference.ts). Screened on the last cached
// detail (the bulk series has no pools); not backtestable.
import type { ConditionOf } from '../../../../shared/conditions/registry'
import { networkKey, poolCountsByNetwork } from '../../../../shared/pool-counts'
import { plural } from '../text/notification-text'
import { APPROACH_FRACTION, measured, noData } from './common'
import type { EngineKind } from './kind'

type C = ConditionOf<'pool-count'>

const pools = (n: number): string => plural(n, 'pool')

/** One floor for both limits: below `below`, or at or under the reference less dropBy. */
function floorOf(c: C, count: number, ref: number | null): number {
  const dropFloor = c.dropBy === undefined ? -Infinity : (ref ?? count) - c.dropBy + 1
  return Math.max(c.below ?? -Infinity, dropFloor)
}

function limitsText(c: C): string {
  const below = c.below !== undefined ? [`fewer than ${c.below}`] : []
  const drop = c.dropBy !== undefined ? [`a loss of ${c.dropBy} since the last check`] : []
  return [...below, ...drop].join(' or ')
}

export const poolCountEngine: EngineKind<C> = {
  measure({ symbol, reading: { detail, lfl }, condition: c, poolRef: ref }) {
    const key = networkKey(c.network)
    // A part of this network missing from the data is not a pool loss: its pools are unknown.
    if (lfl !== null && lfl.missing.some((m) => networkKey(m.network) === key))
      return noData(
        `pools on ${c.network} cannot be counted while ${lfl.without} is missing from the data`,
      )
    const counts = poolCountsByNetwork(detail)
    const count = counts[key]
    if (count === undefined) {
      const known = Object.keys(counts).sort().join(', ') || 'none'
      return noData(
        `${symbol}'s data lists no network "${c.network}" (its networks: ${known}), so its pools cannot be counted`,
      )
    }
    const floor = floorOf(c, count, ref)
    const breach = count < floor
    const lost = ref !== null && ref > count ? ref - count : 0
    const on = `on ${c.network}`
    const was = ref !== null && ref !== count ? ` (${ref} at the last check)` : ''
    return measured({
      value: count,
      threshold: floor,
      breach,
      // Counts are whole: one pool back past the floor is a recovery (flap detection covers a
      // count that keeps coming and going).
      clear: !breach,
      headline:
        c.dropBy !== undefined && lost >= c.dropBy
          ? `${symbol} lost ${pools(lost)} ${on}: ${ref} → ${count}`
          : `${symbol} has ${pools(count)} ${on}, below the floor of ${c.below ?? floor}`,
      ongoing: `${symbol} still has only ${pools(count)} ${on}${was}`,
      subject: `pool count ${on}`,
      status: `${pools(count)} ${on}${was}; alert on ${limitsText(c)}`,
      reading: `${pools(count)} ${on}`,
      recovery: `back to ${pools(count)} ${on} (floor ${floor})`,
    })
  },
  // A floor near the cached count fetches the detail; a drop since the last check shows only on a
  // new detail, so it rests on the round robin (the detail age bound).
  screen(c, _f, cached) {
    const count = cached === null ? undefined : poolCountsByNetwork(cached)[networkKey(c.network)]
    if (count === undefined) return 'unknown'
    if (c.below === undefined) return 'clear'
    return count <= c.below || count < c.below * (1 + APPROACH_FRACTION) ? 'near' : 'clear'
  },
  // A drop is measured from the count at the last trusted reading (none without dropBy).
  reference: (c, last) =>
    c.dropBy === undefined ? null : (last?.networks[networkKey(c.network)] ?? null),
  backtest: {
    untestableBecause:
      'it needs the pools on each network, and the daily series has no pools per symbol',
  },
}
