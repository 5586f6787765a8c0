// The demo universe's shapes, apart from the catalog that builds them: the universe generator and
// the catalog both use them, and neither imports the other's types.
export type AssetType = 'stock' | 'commodity'

export interface Asset {
  symbol: string
  name: string
  assetType: AssetType
  /** Reference price of the underlying, USD. */
  price: number
  /** Typical total on-chain TVL across issuers, USD. */
  size: number
}

/** The unit everything else is computed from: one asset × issuer × network. */
export interface Slice {
  index: number
  asset: Asset
  issuer: string
  tokenSymbol: string
  network: string
  seed: number
  /** Typical TVL of this slice, USD. */
  baseTvl: number
}

export interface Catalog {
  assets: Asset[]
  bySymbol: Map<string, Asset>
  issuers: string[]
  networks: string[]
  slices: Slice[]
  slicesBySymbol: Map<string, Slice[]>
}
