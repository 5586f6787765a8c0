// "Test on last year": the rule being edited, over the current data source's daily series (through
// its client, so the rate gate all callers share). The IPC call and the CLI's backtest both land here.
import type { AlertRule } from '../../shared/alert-rules'
import type { BacktestView } from '../../shared/backtest'
import type { AssetType } from '../../shared/liquidity-schemas'
import { BACKTEST_MAX_DAYS, runBacktest } from '../engine/backtest/run-backtest'
import { assetRequest } from '../engine/storage/cache-keys'
import { cachedKnownSymbols, isAssetType } from '../engine/poll/snapshot-cache'
import type { Clock } from '../engine/poll/scheduler'
import type { CoreSettings } from './core-settings'
import type { DataSource } from './data-source'

/** Longest a backtest waits in all at rate holds and between attempts before it says why. */
export const BACKTEST_WAIT_BUDGET_MS = 120_000

export interface BacktestDeps {
  data: Pick<DataSource, 'current'>
  settings: Pick<CoreSettings, 'get'>
  clock: Clock
  waitBudgetMs?: number
}

/** The rule's symbols: its own list, or the watchlist in force (the CLI's --symbols included). */
export function ruleSymbols(
  rule: Pick<AlertRule, 'scope'>,
  watchlist: readonly string[],
): string[] {
  return [...new Set(rule.scope.kind === 'watchlist' ? watchlist : rule.scope.symbols)]
}

export function backtestRule(
  d: BacktestDeps,
  rule: AlertRule,
  days = BACKTEST_MAX_DAYS,
): Promise<BacktestView> {
  const { cache, connection } = d.data.current()
  const known = new Map(cachedKnownSymbols(cache).map((k) => [k.symbol, k.assetType]))
  const typeOf = (symbol: string): AssetType | undefined => {
    const t = cache.get(assetRequest(symbol))?.data.assetType ?? known.get(symbol)
    return isAssetType(t) ? t : undefined
  }
  const now = (): Date => new Date(d.clock.now())
  return runBacktest(
    { rule, symbols: ruleSymbols(rule, d.settings.get().watchlist), days },
    {
      client: connection.client,
      typeOf,
      deadline: d.clock.now() + (d.waitBudgetMs ?? BACKTEST_WAIT_BUDGET_MS),
    },
    now,
  )
}
