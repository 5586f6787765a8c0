// Snapshots for history tests: a symbol with two issuers on two networks, figures scaled by `k`.
import type { HistoryEntry } from '../../../src/main/engine/history/history-entry'

export function entry(symbol: string, k = 1, price = 100): HistoryEntry {
  return {
    symbol,
    tvl: 3000 * k,
    volume: 30 * k,
    price,
    onChainMarketCap: 5000 * k,
    seriesDate: '2026-03-01',
    issuers: [
      {
        issuer: 'Ondo',
        tvl: 2000 * k,
        volume: 20 * k,
        networks: [
          { network: 'Ethereum', tvl: 1500 * k, pools: 3 },
          { network: 'Solana', tvl: 500 * k, pools: 1 },
        ],
      },
      {
        issuer: 'Backed',
        tvl: 1000 * k,
        volume: 10 * k,
        networks: [{ network: 'Ethereum', tvl: 1000 * k, pools: 2 }],
      },
    ],
  }
}
