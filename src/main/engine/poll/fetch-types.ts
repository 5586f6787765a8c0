// The fetch stage's types: what a poll's fetch is handed (FetchContext) and what it returns
// (FetchResult). Types only, imported downward; cycle-fetch.ts, fetch-steps.ts and tiered-fetch.ts
// all take them from here, so none of them imports another to name them.
import type { SerializedError } from '../../../shared/errors'
import type {
  AnalyticsQuery,
  AnalyticsResponseMap,
  AnalyticsStock,
  AssetDetail,
  AssetType,
  GroupBy,
} from '../../../shared/liquidity-schemas'
import type { Target } from '../alerts/rules'
import type { ResponseCache } from '../storage/cache'
import type { DetailAttempts } from './detail-attempts'
import type { DetailReason } from './poll-plan'
import type { SymbolSnapshot } from './snapshot'

/** The two client calls a cycle makes; LiquidityClient satisfies it. */
export interface CycleClient {
  getAsset(symbol: string, opts?: CallOptions): Promise<AssetDetail>
  getAnalytics<G extends GroupBy>(
    q: AnalyticsQuery & { groupBy: G },
    opts?: CallOptions,
  ): Promise<AnalyticsResponseMap[G]>
}

/** A poll's cancel signal and the clock time by which its requests stop waiting (rate holds, back-off). */
interface CallOptions {
  signal?: AbortSignal
  deadline?: number
}

export interface Fetched<T> {
  data: T | null
  fetchedAt: string | null
  fromCache: boolean
  error: SerializedError | null
}

export interface FetchResult {
  snapshots: SymbolSnapshot[]
  stock: Map<AssetType, Fetched<AnalyticsStock>>
  requests: number
  successes: number
  errors: SerializedError[]
  /** Tiered polls: each detail fetched and why (null when every detail was fetched). */
  plan: Map<string, DetailReason> | null
  /** Tiered polls: symbols near a rule on the bulk that the budget left for a later poll. */
  deferredNear?: ReadonlySet<string>
}

export interface FetchContext {
  client: CycleClient
  cache: ResponseCache
  signal: AbortSignal
  /** The poll's wait deadline (clock ms): no request of it waits past this. */
  deadline?: number
  now: () => Date
  intervalMs: number
  /** What the poll plan weighs (poll-plan.ts); without it every detail is fetched every poll. */
  plan?: PlanContext
}

export interface PlanContext {
  budget: number
  targets: readonly Target[]
  alertRelevant: ReadonlySet<string>
  visible: ReadonlySet<string>
  /** The last detail request per symbol (read by the plan, written by each detail fetch). */
  attempts: DetailAttempts
}
