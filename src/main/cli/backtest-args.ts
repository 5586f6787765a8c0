// The backtest's own flags beyond those it shares with check.
import { BACKTEST_MAX_DAYS } from '../engine/backtest/run-backtest'
import { echoed } from './arg-errors'

/** --days: a whole number of days from 1 to 365 (the service keeps a year); default 365. */
export function parseDaysFlag(v: string | undefined): number {
  if (v === undefined) return BACKTEST_MAX_DAYS
  const n = Number(v)
  if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < 1 || n > BACKTEST_MAX_DAYS)
    throw new Error(
      `--days expects a whole number of days from 1 to ${BACKTEST_MAX_DAYS} (the service keeps a year of daily data); got ${echoed(v)}`,
    )
  return n
}
