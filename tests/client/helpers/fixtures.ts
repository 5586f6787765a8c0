// Minimal valid service payloads (shapes from shared/spec) for servers the tests start themselves.

export function assetDetailBody(symbol = 'TSLA'): Record<string, unknown> {
  return {
    symbol,
    assetType: 'stock',
    totalTvl: 1500,
    totalVolume: 300,
    history: { '7d': { tvl: 1400, tvlChange: 0.07 }, '30d': { tvl: 1000, tvlChange: 0.5 } },
    issuers: [
      {
        name: 'Backed',
        tokenSymbol: `${symbol}x`,
        totalTvl: 1500,
        totalVolume: 300,
        networks: [{ network: 'ethereum', tvl: 1500, pools: [{ id: 'p1' }] }],
      },
    ],
    marketData: { onChainMarketCap: 1500, tradfiAssetPrice: 250.5 },
  }
}

export function totalAnalyticsBody(days = 2): Record<string, unknown> {
  const series = Array.from({ length: days }, (_, i) => ({
    date: `2025-01-${String(i + 1).padStart(2, '0')}`,
    tvl: 100 + i,
    volume: 10 + i,
    poolCount: 3,
  }))
  return { groupBy: 'total', days, series }
}
