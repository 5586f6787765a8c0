// The underlying's market at the time of an alert's data, for the event (history, notification).
import { marketSession, type MarketSession } from '../../../../shared/market-hours'
import type { Observation } from '../model'

/** Only stocks and commodities have an underlying market to speak of; other assets get none. */
const WITH_MARKET = new Set(['stock', 'commodity'])

/** The session when the observation's data was fetched (else now); undefined for other assets. */
export function marketAtData(
  symbol: string,
  obs: Observation | undefined,
  now: Date,
): MarketSession | undefined {
  const assetType = obs?.detail?.assetType
  if (assetType === undefined || !WITH_MARKET.has(assetType)) return undefined
  const at = obs?.fetchedAt ? new Date(obs.fetchedAt) : now
  return marketSession({ symbol, assetType }, at)
}
