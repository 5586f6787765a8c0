// `backtest`: a rule's condition over the service's daily series of the last year, through the
// same AppCore the app uses; exit 0 (would never have fired) / 1 (would have fired) / 2 (error).
import { defaultRules, type AlertCondition, type AlertRule } from '../../shared/alert-rules'
import { backtestSummary, type BacktestView } from '../../shared/backtest'
import { toSerializedError } from '../../shared/errors'
import { DEMO_LABEL } from '../../shared/link-state'
import { createAppCore, type AppCore } from '../core/app-core'
import { CHECK_WAIT_BUDGET_MS, EXIT_ERROR, EXIT_FIRING, EXIT_OK, type CheckIo } from './check'
import { createConf, secretStoreFor } from './headless-core'
import { oneLine } from './format'
import { cliSettingsHelp } from './settings-help'

export interface BacktestOptions {
  dataDir: string
  baseUrl?: string
  symbols?: string[]
  /** The condition to test; default the 7-day drop rule's. */
  condition?: AlertCondition
  days: number
  json: boolean
}

/**
 * What `--json` prints: the results (symbol, episodes — never renamed), then what was tested. Every
 * key is there also when the run could not start (an argument error): then `results` is empty.
 */
export interface BacktestJson {
  results: {
    symbol: string
    episodes: { start: string; end: string | null; worstPct: number }[]
    tested: boolean
    note: string | null
  }[]
  /** The days asked for; null when --days itself was wrong. */
  days: number | null
  /** What was tested, in words ("7-day TVL drop of 10.0 % or more, …"); null when nothing was. */
  condition: string | null
  /** The condition tested, as JSON (a rule's `condition`); null when --rule did not parse. */
  rule: AlertCondition | null
  errors: string[]
}

/** The document of a run that could not start: every key, what is known of the arguments. */
export function argErrorJson(
  days: number | null,
  rule: AlertCondition | null,
  errors: string[],
): BacktestJson {
  return { results: [], days, condition: null, rule, errors }
}

/** The default rule (its pending days and re-arm margin) with the given condition and symbols. */
export function backtestRuleFor(o: Pick<BacktestOptions, 'condition' | 'symbols'>): AlertRule {
  const base = defaultRules()[0] as AlertRule
  return {
    ...base,
    condition: o.condition ?? base.condition,
    scope: o.symbols ? { kind: 'symbols', symbols: o.symbols } : { kind: 'watchlist' },
  }
}

function toJson(
  v: BacktestView | null,
  days: number,
  rule: AlertCondition,
  errors: string[],
): BacktestJson {
  return {
    results: (v?.results ?? []).map((r) => ({
      symbol: r.symbol,
      // Hundredths of a percent: the series' own precision says nothing finer.
      episodes: r.episodes.map((e) => ({
        start: e.start,
        end: e.end,
        worstPct: Math.round(e.worstPct * 100) / 100,
      })),
      tested: r.tested,
      note: r.note,
    })),
    days: v?.days ?? days,
    condition: v?.tested ?? null,
    rule,
    errors,
  }
}

export async function runBacktestCli(o: BacktestOptions, io: CheckIo): Promise<number> {
  let core: AppCore | null = null
  const errors: string[] = []
  const error = (text: string): void => {
    errors.push(oneLine(text))
    io.err(`error: ${oneLine(text)}`)
  }
  let view: BacktestView | null = null
  try {
    core = await createAppCore({
      dataDir: o.dataDir,
      createSettingsStore: createConf,
      secretStore: secretStoreFor(io.env, () => undefined),
      emit: () => undefined,
      notify: () => undefined,
      isPackaged: false,
      overrides: {
        ...(o.symbols ? { watchlist: o.symbols } : {}),
        ...(o.baseUrl !== undefined ? { baseUrl: o.baseUrl } : {}),
      },
      client: { help: cliSettingsHelp(o.dataDir, 'backtest') },
      pollWaitBudgetMs: CHECK_WAIT_BUDGET_MS,
      bindLegacyKey: false,
      log: () => undefined,
    })
    for (const r of core.reports()) io.err(`note: ${oneLine(r)}`)
    const status = await core.getStatus()
    if (status.mode === 'demo')
      io.err(
        `note: ${DEMO_LABEL} — built-in demo data (local service at ${status.baseUrl}); pass --base-url for a real service.`,
      )
    view = await core.backtestRule(backtestRuleFor(o), o.days)
  } catch (e) {
    error(toSerializedError(e).message)
  } finally {
    await core?.stop().catch(() => undefined)
  }
  const untested = view?.results.filter((r) => !r.tested) ?? []
  for (const r of untested) error(r.note ?? `${r.symbol} could not be tested.`)
  const tested = backtestRuleFor(o).condition
  if (o.json) io.out(JSON.stringify(toJson(view, o.days, tested, errors), null, 2))
  if (view === null) return EXIT_ERROR
  if (!o.json) {
    // The tested sentence names the series (TVL, trading volume); the days are the service's.
    io.out(`Tested: ${view.tested}, over the last ${view.days} days of the service’s daily series.`)
    io.out(backtestSummary(view.results))
  }
  for (const r of view.results) if (r.tested && r.note) io.err(`note: ${oneLine(r.note)}`)
  if (errors.length > 0) return EXIT_ERROR
  return view.results.some((r) => r.episodes.length > 0) ? EXIT_FIRING : EXIT_OK
}
