// The demo universe: which assets exist, who issues tokens for them, and on which networks.
// A "slice" (asset × issuer × network) is the unit everything else is computed from.
import type { Asset, Catalog, Slice } from './catalog-types'
import { seedOf, unit } from './hash'
import { universeAssets } from './universe'

const M = 1_000_000
const stock = (symbol: string, name: string, price: number, sizeM: number): Asset => ({
  symbol,
  name,
  assetType: 'stock',
  price,
  size: sizeM * M,
})
const commodity = (symbol: string, name: string, price: number, sizeM: number): Asset => ({
  symbol,
  name,
  assetType: 'commodity',
  price,
  size: sizeM * M,
})

const ASSETS: Asset[] = [
  stock('TSLA', 'Tesla, Inc.', 250, 92),
  stock('NVDA', 'NVIDIA Corporation', 130, 86),
  stock('AAPL', 'Apple Inc.', 210, 61),
  stock('MSFT', 'Microsoft Corporation', 420, 44),
  stock('AMZN', 'Amazon.com, Inc.', 190, 39),
  stock('GOOGL', 'Alphabet Inc.', 170, 34),
  stock('META', 'Meta Platforms, Inc.', 560, 31),
  stock('COIN', 'Coinbase Global, Inc.', 250, 28),
  stock('MSTR', 'Strategy Inc.', 380, 33),
  stock('SPY', 'SPDR S&P 500 ETF Trust', 560, 72),
  stock('QQQ', 'Invesco QQQ Trust', 480, 51),
  stock('NFLX', 'Netflix, Inc.', 680, 12),
  stock('AMD', 'Advanced Micro Devices, Inc.', 150, 15),
  stock('PLTR', 'Palantir Technologies Inc.', 75, 18),
  stock('HOOD', 'Robinhood Markets, Inc.', 45, 10),
  stock('CRCL', 'Circle Internet Group, Inc.', 120, 14),
  stock('AVGO', 'Broadcom Inc.', 230, 9),
  stock('JPM', 'JPMorgan Chase & Co.', 240, 6),
  stock('V', 'Visa Inc.', 340, 5),
  stock('ORCL', 'Oracle Corporation', 180, 7),
  stock('GME', 'GameStop Corp.', 25, 4),
  stock('IWM', 'iShares Russell 2000 ETF', 220, 8),
  commodity('GOLD', 'Gold (troy ounce)', 2650, 180),
  commodity('SILVER', 'Silver (troy ounce)', 31, 16),
  commodity('OIL', 'WTI crude oil (barrel)', 72, 6),
  commodity('PLATINUM', 'Platinum (troy ounce)', 950, 3),
]

/** Stock issuers: token naming, networks (first = home network), share of an asset, coverage. */
interface StockIssuer {
  name: string
  token: (symbol: string) => string
  networks: string[]
  weight: number
  /** Probability that the issuer lists a given stock: not every issuer lists everything. */
  coverage: number
}

const STOCK_ISSUERS: StockIssuer[] = [
  {
    name: 'Backed',
    token: (s) => `${s}x`,
    networks: ['solana', 'ethereum', 'arbitrum', 'base'],
    weight: 0.36,
    coverage: 0.95,
  },
  {
    name: 'Ondo',
    token: (s) => `${s}on`,
    networks: ['ethereum', 'bnb', 'solana'],
    weight: 0.3,
    coverage: 0.85,
  },
  {
    name: 'Robinhood',
    token: (s) => `rh${s}`,
    networks: ['arbitrum'],
    weight: 0.14,
    coverage: 0.55,
  },
  {
    name: 'Dinari',
    token: (s) => `${s}.d`,
    networks: ['arbitrum', 'base', 'ethereum'],
    weight: 0.12,
    coverage: 0.6,
  },
  {
    name: 'Swarm',
    token: (s) => `s${s}`,
    networks: ['polygon', 'gnosis', 'base'],
    weight: 0.08,
    coverage: 0.45,
  },
]

/** Stocks every stock issuer lists on every one of its networks (stable anchors for demos). */
const FLAGSHIPS = new Set(['TSLA', 'NVDA', 'AAPL', 'SPY'])

/** Commodity tokens are few and well known, so they are listed explicitly. */
const COMMODITY_LISTINGS: Record<
  string,
  { issuer: string; token: string; networks: string[]; weight: number }[]
> = {
  GOLD: [
    { issuer: 'Tether', token: 'XAUt', networks: ['ethereum', 'arbitrum', 'solana'], weight: 0.42 },
    { issuer: 'Paxos', token: 'PAXG', networks: ['ethereum', 'arbitrum', 'base'], weight: 0.4 },
    { issuer: 'Matrixdock', token: 'XAUm', networks: ['ethereum', 'bnb'], weight: 0.1 },
    { issuer: 'Kinesis', token: 'KAU', networks: ['polygon', 'ethereum'], weight: 0.08 },
  ],
  SILVER: [
    { issuer: 'Kinesis', token: 'KAG', networks: ['polygon', 'ethereum'], weight: 0.6 },
    { issuer: 'Matrixdock', token: 'XAGm', networks: ['ethereum', 'bnb'], weight: 0.4 },
  ],
  OIL: [
    { issuer: 'Backed', token: 'bWTI', networks: ['ethereum', 'arbitrum'], weight: 0.55 },
    { issuer: 'Swarm', token: 'sWTI', networks: ['polygon', 'base'], weight: 0.45 },
  ],
  PLATINUM: [
    { issuer: 'Matrixdock', token: 'XPTm', networks: ['ethereum'], weight: 0.7 },
    { issuer: 'Swarm', token: 'sXPT', networks: ['polygon'], weight: 0.3 },
  ],
}

interface Listing {
  issuer: string
  token: string
  networks: string[]
  weight: number
}

function stockListings(asset: Asset): Listing[] {
  const out: Listing[] = []
  for (const iss of STOCK_ISSUERS) {
    const flagship = FLAGSHIPS.has(asset.symbol)
    // Backed lists every stock so each asset has at least one issuer.
    const listed =
      flagship ||
      iss.name === 'Backed' ||
      unit(seedOf('list', iss.name, asset.symbol)) < iss.coverage
    if (!listed) continue
    const networks = iss.networks.filter(
      (n, i) => i === 0 || flagship || unit(seedOf('net', iss.name, asset.symbol, n)) < 0.5,
    )
    out.push({ issuer: iss.name, token: iss.token(asset.symbol), networks, weight: iss.weight })
  }
  return out
}

function buildSlices(asset: Asset, listings: Listing[], startIndex: number): Slice[] {
  const raw: { l: Listing; network: string; w: number }[] = []
  for (const l of listings) {
    l.networks.forEach((network, i) => {
      // Home network carries most of the liquidity; the rest get a seeded fraction of it.
      const netShare =
        i === 0 ? 1 : 0.15 + 0.45 * unit(seedOf('share', asset.symbol, l.issuer, network))
      const jitter = 0.75 + 0.5 * unit(seedOf('jitter', asset.symbol, l.issuer))
      raw.push({ l, network, w: l.weight * jitter * netShare })
    })
  }
  const total = raw.reduce((s, r) => s + r.w, 0)
  return raw.map((r, k) => ({
    index: startIndex + k,
    asset,
    issuer: r.l.issuer,
    tokenSymbol: r.l.token,
    network: r.network,
    seed: seedOf('slice', asset.symbol, r.l.issuer, r.network),
    baseTvl: (asset.size * r.w) / total,
  }))
}

/** Generated commodities are issued by the gold issuers, on their networks. */
function commodityListings(asset: Asset): Listing[] {
  const known = COMMODITY_LISTINGS[asset.symbol]
  if (known) return known.map((c) => ({ ...c }))
  return COMMODITY_LISTINGS.GOLD!.filter(
    (c, i) => i === 0 || unit(seedOf('list', c.issuer, asset.symbol)) < 0.5,
  ).map((c) => ({ ...c, token: `${c.token.slice(0, 2)}${asset.symbol}` }))
}

/** The demo catalog: the 26 real assets, or a generated universe of `universe` assets. */
export function buildCatalog(universe?: number): Catalog {
  const assets = universe === undefined ? ASSETS : universeAssets(ASSETS, universe)
  const slices: Slice[] = []
  const slicesBySymbol = new Map<string, Slice[]>()
  for (const asset of assets) {
    const listings = asset.assetType === 'stock' ? stockListings(asset) : commodityListings(asset)
    const own = buildSlices(asset, listings, slices.length)
    slices.push(...own)
    slicesBySymbol.set(asset.symbol, own)
  }
  const issuers = [...new Set(slices.map((s) => s.issuer))]
  const networks = [...new Set(slices.map((s) => s.network))]
  return {
    assets,
    bySymbol: new Map(assets.map((a) => [a.symbol, a])),
    issuers,
    networks,
    slices,
    slicesBySymbol,
  }
}

const shared = new Map<number | undefined, Catalog>()
/** Built on first use (nothing happens at import time), then shared per size: it never changes. */
export function getCatalog(universe?: number): Catalog {
  let c = shared.get(universe)
  if (!c) shared.set(universe, (c = buildCatalog(universe)))
  return c
}

/** "did you mean TSLA?" candidates: other-case symbols or a company/commodity name. */
export function suggestSymbol(catalog: Catalog, input: string): string | null {
  const q = input.trim().toLowerCase()
  if (!q) return null
  const hit = catalog.assets.find(
    (a) =>
      a.symbol.toLowerCase() === q ||
      a.name.toLowerCase() === q ||
      a.name.toLowerCase().split(/[ ,(]/)[0] === q,
  )
  return hit ? hit.symbol : null
}
