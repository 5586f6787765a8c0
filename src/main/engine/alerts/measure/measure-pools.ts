// Judges a pool-count condition on one trusted reading: the asset's pools on a network against a
// floor (`below`) and a drop (`dropBy`) from a reference count — the previous trusted reading's,
// held by the instance while an episode is under way (see pool-reference.ts).
import type { PoolCountCondition } from '../../../../shared/pool-count-condition'
import { networkKey, poolCountsByNetwork } from '../../../../shared/pool-counts'
import type { AssetDetail } from '../../../../shared/liquidity-schemas'
import { plural } from '../text/notification-text'
import type { LikeForLike, Measurement, NoVerdict } from '../model'

const pools = (n: number): string => plural(n, 'pool')

export function measurePools(
  symbol: string,
  detail: AssetDetail,
  lfl: LikeForLike | null,
  c: PoolCountCondition,
  /** The count the drop is measured from; null when there is none yet (a first reading). */
  ref: number | null,
): Measurement | NoVerdict {
  const key = networkKey(c.network)
  // A part of this network missing from the data is not a pool loss: its pools are unknown.
  if (lfl !== null && lfl.missing.some((m) => networkKey(m.network) === key))
    return {
      kind: 'nodata',
      detail: `pools on ${c.network} cannot be counted while ${lfl.without} is missing from the data`,
    }
  const counts = poolCountsByNetwork(detail)
  const count = counts[key]
  if (count === undefined) {
    const known = Object.keys(counts).sort().join(', ') || 'none'
    return {
      kind: 'nodata',
      detail: `${symbol}'s data lists no network "${c.network}" (its networks: ${known}), so its pools cannot be counted`,
    }
  }
  // One floor for both: below `below`, or at or under the reference less dropBy.
  const dropFloor = c.dropBy === undefined ? -Infinity : (ref ?? count) - c.dropBy + 1
  const floor = Math.max(c.below ?? -Infinity, dropFloor)
  const breach = count < floor
  const lost = ref !== null && ref > count ? ref - count : 0
  const dropped = c.dropBy !== undefined && lost >= c.dropBy
  const on = `on ${c.network}`
  const limits = [
    ...(c.below !== undefined ? [`fewer than ${c.below}`] : []),
    ...(c.dropBy !== undefined ? [`a loss of ${c.dropBy} since the last check`] : []),
  ].join(' or ')
  const headline = dropped
    ? `${symbol} lost ${pools(lost)} ${on}: ${ref} → ${count}`
    : `${symbol} has ${pools(count)} ${on}, below the floor of ${c.below ?? floor}`
  const was = ref !== null && ref !== count ? ` (${ref} at the last check)` : ''
  return {
    kind: 'measured',
    value: count,
    threshold: floor,
    breach,
    // Counts are whole: one pool back past the floor is a recovery (a margin in points means
    // nothing here; flap detection covers a count that keeps coming and going).
    clear: !breach,
    verified: true,
    disagreement: null,
    headline,
    ongoing: `${symbol} still has only ${pools(count)} ${on}${was}`,
    subject: `pool count ${on}`,
    status: `${pools(count)} ${on}${was}; alert on ${limits}`,
    reading: `${pools(count)} ${on}`,
    recovery: `back to ${pools(count)} ${on} (floor ${floor})`,
  }
}
