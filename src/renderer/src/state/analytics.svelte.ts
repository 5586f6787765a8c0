// The analytics view's query and its answer: reloaded when the query changes and after every poll.
import type { AssetType, GroupBy } from '../../../shared/liquidity-schemas'
import type { AnalyticsQuery, AnalyticsView } from '../../../shared/view-models'
import { api } from '../lib/api'
import type { PollSignal } from './polls'
import { Resource } from './resource.svelte'

/** The form's state; empty filters mean "all". */
export interface Query {
  groupBy: GroupBy
  assetType: AssetType
  days: number
  symbol: string
  issuer: string
}

/** The form's query as the engine takes it: empty filters are left out. */
function toRequest(query: Query): AnalyticsQuery & Pick<Query, 'groupBy' | 'assetType' | 'days'> {
  const q: AnalyticsQuery & Pick<Query, 'groupBy' | 'assetType' | 'days'> = {
    groupBy: query.groupBy,
    assetType: query.assetType,
    days: query.days,
  }
  if (query.groupBy === 'stock' && query.symbol) q.symbol = query.symbol
  if (query.groupBy === 'issuer' && query.issuer) q.issuer = query.issuer
  return q
}

export class AnalyticsStore {
  readonly result = new Resource<AnalyticsView>()
  #query = $state.raw<Query>({
    groupBy: 'total',
    assetType: 'stock',
    days: 90,
    symbol: '',
    issuer: '',
  })
  /** Every issuer of the last unfiltered by-issuer answer, for the issuer filter's choices. */
  #issuers = $state.raw<string[]>([])

  constructor(private readonly polls: PollSignal) {}

  get query(): Query {
    return this.#query
  }
  get issuers(): string[] {
    return this.#issuers
  }

  setQuery(query: Query): void {
    this.#query = query
    void this.reload()
  }

  reload(): Promise<void> {
    const q = toRequest(this.#query)
    return this.result.load(async () => {
      const r = await api().getAnalytics(q)
      if (r.data.groupBy === 'issuer' && !q.issuer) this.#issuers = r.data.data.map((d) => d.issuer)
      return r
    })
  }

  /** Loads now and after each poll; returns the stop. */
  start(): () => void {
    const off = this.polls.keepFresh(() => this.reload())
    return () => {
      off()
      this.result.cancel()
    }
  }
}
