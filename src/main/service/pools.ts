// Liquidity pools of one slice: stable identities (address, dex, pair) and an exact integer split
// of the slice's TVL and volume, so pools always sum to their network entry.
import type { Slice } from './catalog-types'
import { base58, hash32, hex, unit } from './hash'

export interface PoolBody {
  address: string
  dex: string
  pair: string
  /** Swap fee as a fraction of the trade (0.003 = 0.3 %). */
  feeTier: number
  tvl: number
  volume24h: number
}

const DEXES: Record<string, string[]> = {
  ethereum: ['uniswap-v3', 'curve', 'balancer-v2'],
  solana: ['raydium', 'orca', 'meteora'],
  arbitrum: ['uniswap-v3', 'camelot', 'ramses'],
  base: ['aerodrome', 'uniswap-v3', 'baseswap'],
  polygon: ['quickswap', 'uniswap-v3', 'balancer-v2'],
  bnb: ['pancakeswap-v3', 'thena', 'uniswap-v3'],
  gnosis: ['balancer-v2', 'swapr', 'curve'],
}
const QUOTES = ['USDC', 'USDT', 'WETH']
const FEES = [0.0005, 0.003, 0.01]

/** Integer split of `total` by weights; the last share takes the rounding remainder. */
function split(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  const out = weights.map((w) => Math.floor((total * w) / sum))
  const rest = total - out.reduce((a, b) => a + b, 0)
  out[out.length - 1] = (out[out.length - 1] ?? 0) + rest
  return out
}

export function buildPools(slice: Slice, tvl: number, volume: number, count: number): PoolBody[] {
  // Every pool lost (a pool-loss scenario): the network's TVL is listed in no pool.
  if (count <= 0) return []
  const dexes = DEXES[slice.network] ?? ['uniswap-v3']
  const weights = Array.from({ length: count }, (_, j) =>
    j === 0 ? 2 : 0.3 + unit(slice.seed, 100 + j),
  )
  const tvls = split(tvl, weights)
  const volumes = split(volume, weights)
  return tvls.map((poolTvl, j) => {
    const seed = hash32(slice.seed, 200 + j)
    const quote =
      slice.network === 'solana' && j === 2 ? 'SOL' : (QUOTES[j % QUOTES.length] as string)
    return {
      address: slice.network === 'solana' ? base58(seed, 44) : `0x${hex(seed, 40)}`,
      dex: dexes[(slice.seed + j) % dexes.length] as string,
      pair: `${slice.tokenSymbol}/${quote}`,
      feeTier: FEES[(seed >>> 3) % FEES.length] as number,
      tvl: poolTvl,
      volume24h: volumes[j] as number,
    }
  })
}
