// A generated universe of N assets for scale tests and the bench: the 26 real demo assets first,
// then seeded made-up stocks (tickers of 3–5 letters, unlike any real one) and a few commodities,
// each sized like the long tail of tokenized stocks. Deterministic: universe N is always the same,
// and universe M < N is its prefix.
import type { Asset } from './catalog-types'
import { seedOf, unit } from './hash'

/** The largest universe the service will build (10 000 assets stay well under a second). */
export const MAX_UNIVERSE = 10_000

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const WORDS = ['Atlas', 'Borealis', 'Cobalt', 'Delta', 'Ember', 'Fjord', 'Granite', 'Harbor']
const KINDS = ['Holdings', 'Technologies', 'Energy', 'Biosciences', 'Capital', 'Industries']
/** One generated asset in this many is a commodity (issued by the commodity issuers). */
const COMMODITY_EVERY = 40

function ticker(i: number, salt: number): string {
  const seed = seedOf('ticker', i, salt)
  const len = 3 + Math.floor(unit(seed, 0) * 3)
  let s = ''
  for (let k = 1; k <= len; k++) s += LETTERS[Math.floor(unit(seed, k) * 26)]
  return s
}

/** The first `size` assets: the real ones, then generated ones (none when size ≤ real.length). */
export function universeAssets(real: readonly Asset[], size: number): Asset[] {
  if (!Number.isSafeInteger(size) || size < 1 || size > MAX_UNIVERSE)
    throw new RangeError(`universe must be a whole number from 1 to ${MAX_UNIVERSE} (got ${size})`)
  const out = real.slice(0, size)
  const taken = new Set(out.map((a) => a.symbol))
  for (let i = out.length; i < size; i++) {
    let salt = 0
    let symbol = ticker(i, salt)
    while (taken.has(symbol)) symbol = ticker(i, ++salt)
    taken.add(symbol)
    const seed = seedOf('asset', symbol)
    const commodity = i % COMMODITY_EVERY === 0
    const word = WORDS[Math.floor(unit(seed, 1) * WORDS.length)]!
    const kind = KINDS[Math.floor(unit(seed, 2) * KINDS.length)]!
    out.push({
      symbol,
      name: commodity ? `${word} ${symbol} (unit)` : `${word} ${kind} ${symbol}, Inc.`,
      assetType: commodity ? 'commodity' : 'stock',
      // Prices from $5 to ~$1 000 and TVL from $0.2 M to ~$40 M, log-uniform: a long tail.
      price: Math.round(5 * Math.pow(200, unit(seed, 3)) * 100) / 100,
      size: Math.round(200_000 * Math.pow(200, unit(seed, 4))),
    })
  }
  return out
}
