// The asset detail as last cached (no request): what the daemon's /metrics reads after each poll
// (pools per network, issuer shares), without asking the service again.
import type { AssetDetail } from '../../shared/liquidity-schemas'
import { assetRequest } from '../engine/storage/cache-keys'
import type { DataSource } from './data-source'

export function cachedDetail(
  data: Pick<DataSource, 'current'>,
  symbol: string,
): AssetDetail | null {
  return data.current().cache.get(assetRequest(symbol))?.data ?? null
}
