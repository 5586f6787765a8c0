// What the demo service would have answered for an asset at a past instant (no scenarios): the
// values are a deterministic function of the time, so a first start in demo mode can be given the
// week of polls that flow vs price, issuer moves and the share charts need (core/demo-history.ts).
import { getCatalog } from './catalog'
import { DataModel } from './model'
import { NO_OVERLAY } from './overlay'
import { assetDetail, type AssetDetailBody } from './views'

/** Each known symbol's detail at `atMs`, as the demo service would have served it then. */
export function pastDetails(symbols: readonly string[], atMs: number): AssetDetailBody[] {
  const catalog = getCatalog()
  const model = new DataModel(catalog, NO_OVERLAY)
  return symbols.filter((s) => catalog.bySymbol.has(s)).map((s) => assetDetail(model, s, atMs))
}
