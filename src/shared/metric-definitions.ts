// What every figure the app shows means and where it comes from: the one table the tooltips (and
// anything else that explains a figure, such as the CLI's help) read. No Node, no Electron.

import { HHI_HIGH_ABOVE, HHI_MODERATE_FROM } from './hhi'
import { numberFormat, WORDING_STYLE } from './number-format'

export interface MetricDefinition {
  /** The figure's name as the user sees it. */
  label: string
  /** What it measures, in plain words. */
  definition: string
  /** Which service endpoint and field it comes from, or which local computation makes it. */
  source: string
}

/** 1800 → "1,800" (fixed grouping: the definitions are English text). */
const whole = (n: number): string => numberFormat(WORDING_STYLE).int(n)

const ASSET = 'The asset endpoint (GET /api/v0/liquidity/asset/{symbol})'
const SERIES =
  'The analytics endpoint (GET /api/v0/liquidity/analytics, groupBy=stock&symbol=…, one point per day)'

export const METRICS = {
  tvl: {
    label: 'Total value locked (TVL)',
    definition:
      "The dollar value of the asset's tokens held in on-chain liquidity pools, summed over every issuer and network.",
    source: `${ASSET}, field totalTvl.`,
  },
  volume: {
    label: 'Volume',
    definition:
      "Trading volume of the asset's tokens in dollars, summed over every issuer (the service does not state the period).",
    source: `${ASSET}, field totalVolume.`,
  },
  change7d: {
    label: '7-day TVL change',
    definition:
      'How much TVL moved over the last 7 days: (TVL now − TVL at the start of the window) ÷ TVL at the start. Marked unverified (⚠) when the service’s own figure disagrees by more than 0.1 percentage points or 1 %. The start is the service’s own history of the asset, so it can differ from the TVL change of the flow-vs-price line, which compares the app’s own polls.',
    source: `Computed in this app from ${ASSET}: totalTvl and history["7d"].tvl, checked against history["7d"].tvlChange.`,
  },
  change30d: {
    label: '30-day TVL change',
    definition:
      'How much TVL moved over the last 30 days: (TVL now − TVL at the start of the window) ÷ TVL at the start. Marked unverified (⚠) when the service’s own figure disagrees by more than 0.1 percentage points or 1 %.',
    source: `Computed in this app from ${ASSET}: totalTvl and history["30d"].tvl, checked against history["30d"].tvlChange.`,
  },
  marketCap: {
    label: 'On-chain market cap',
    definition:
      "The service's on-chain market capitalisation of the asset's tokens: all tokens issued on chain, not only those in pools.",
    source: `${ASSET}, field marketData.onChainMarketCap.`,
  },
  price: {
    label: 'TradFi price',
    definition:
      'The price of the traditional-finance asset the tokens track (the share or the commodity), in dollars.',
    source: `${ASSET}, field marketData.tradfiAssetPrice.`,
  },
  issuerTvl: {
    label: 'Issuer TVL',
    definition: "The TVL of one issuer's token for this asset, over all its networks.",
    source: `${ASSET}, field issuers[].totalTvl.`,
  },
  issuerVolume: {
    label: 'Issuer volume',
    definition: "The trading volume of one issuer's token for this asset.",
    source: `${ASSET}, field issuers[].totalVolume.`,
  },
  issuerShare: {
    label: 'Issuer share',
    definition:
      "An issuer's part of the asset: its TVL (or volume) divided by the sum over all issuers.",
    source: `Computed in this app from ${ASSET}: issuers[].totalTvl and issuers[].totalVolume.`,
  },
  hhi: {
    label: 'Concentration (HHI)',
    // The bands from hhi.ts, the ones the app applies (one definition).
    definition: `Herfindahl–Hirschman index of the TVL shares (of the issuers, or of the networks): the sum of each share in percent, squared (0 to 10,000). Below ${whole(HHI_MODERATE_FROM)} unconcentrated, ${whole(HHI_MODERATE_FROM)} to ${whole(HHI_HIGH_ABOVE)} moderately concentrated, above ${whole(HHI_HIGH_ABOVE)} highly concentrated (U.S. DOJ/FTC Merger Guidelines, 2023).`,
    source: `Computed in this app from ${ASSET}: issuers[].totalTvl, or issuers[].networks[].tvl summed per network.`,
  },
  networkTvl: {
    label: 'Network TVL',
    definition: "The TVL on one network (blockchain): summed over every issuer's token there.",
    source: `${ASSET}, field issuers[].networks[].tvl (summed over issuers in the network split).`,
  },
  networkShare: {
    label: 'Network share',
    definition:
      "A network's part of the asset: its TVL (or pool count) divided by the sum over all networks.",
    source: `Computed in this app from ${ASSET}: issuers[].networks[].tvl and the pools listed.`,
  },
  networkShareOfIssuer: {
    label: "Share of the issuer's TVL",
    definition: "The part of one issuer's TVL that is on this network.",
    source: `Computed in this app from ${ASSET}: issuers[].networks[].tvl ÷ issuers[].totalTvl.`,
  },
  poolCount: {
    label: 'Pool count',
    definition:
      'The number of liquidity pools listed. The service does not specify the fields of a pool, so every entry counts as one pool.',
    source: `${ASSET}: the entries of issuers[].networks[].pools; in the Analytics total chart, the series field poolCount.`,
  },
  poolFields: {
    label: 'Pool details',
    definition:
      'Whatever the service lists for each pool, shown as it came: the service does not specify these fields.',
    source: `${ASSET}, field issuers[].networks[].pools[].`,
  },
  seriesTvl: {
    label: 'Daily TVL',
    definition: "The asset's TVL on each day of the chosen range.",
    source: `${SERIES}, field series[].tvl.`,
  },
  seriesVolume: {
    label: 'Daily volume',
    definition: "The asset's trading volume on each day of the chosen range.",
    source: `${SERIES}, field series[].volume.`,
  },
  flow: {
    label: 'Net flow',
    definition:
      'The part of a TVL change that is tokens arriving or leaving, not the price moving: the change in the number of tokens (TVL ÷ TradFi price) valued at the current price. TVL = price × tokens, so the price part and the net flow multiply to the TVL change. The change is between two of the app’s own polls (the newest, and the last one at least 7 days before it), so it can differ from the 7-day TVL change card, which compares with the service’s own history of the asset.',
    source:
      'Computed in this app from its own history of polls (totalTvl and marketData.tradfiAssetPrice of each poll).',
  },
  marketSession: {
    label: 'Market session',
    definition:
      "Whether the underlying's market was open when the data was taken: US stocks trade 9:30–16:00 New York time on weekdays except NYSE holidays; commodities follow their own session.",
    source: 'Computed in this app from the data time and the exchange calendar.',
  },
  detailAge: {
    label: 'Detail age',
    definition:
      "How old the full asset record behind a row is. On a long watchlist each poll screens every symbol on the daily series and refreshes the full records in turn (those near a rule's threshold first).",
    source: `When this app last fetched ${ASSET} for the symbol.`,
  },
} as const satisfies Record<string, MetricDefinition>

export type MetricKey = keyof typeof METRICS
