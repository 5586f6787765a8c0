// A rule run over a daily series with the alert engine's semantics, one evaluation per day: OK →
// pending (consecutive breaching days) → fired on the rule's pendingCycles-th → ended on the first
// day the value clears the threshold by the re-arm margin. A day that cannot be judged (no start of
// its window) moves nothing, as a reading without a verdict moves nothing in the live engine.
// Pacing (cooldown, flapping, quiet hours, snoozes) decides what is notified, not whether the rule
// fires, so it plays no part here.
import type { BacktestEpisode } from '../../../shared/backtest'
import type { DailyJudge } from './daily-condition'

export interface EpisodeRun {
  episodes: BacktestEpisode[]
  /** Days that could be judged (the first days of a change window cannot). */
  judgedDays: number
}

export function runEpisodes(
  dates: readonly string[],
  judge: DailyJudge,
  pendingCycles: number,
): EpisodeRun {
  const episodes: BacktestEpisode[] = []
  type Worst = { pct: number; badness: number }
  const worse = (w: Worst | null, v: Worst): Worst =>
    w === null || v.badness > w.badness ? { pct: v.pct, badness: v.badness } : w
  let breachCount = 0
  /** The worst day of the current breaching run (pending days count: they are the same drop). */
  let run: Worst | null = null
  let open: { start: string; worst: Worst } | null = null
  let judgedDays = 0
  for (let i = 0; i < dates.length; i++) {
    const v = judge(i)
    if (v === null) continue
    judgedDays++
    const date = dates[i] as string
    if (open !== null) {
      if (v.clear) {
        episodes.push({ start: open.start, end: date, worstPct: open.worst.pct })
        open = null
        breachCount = 0
        run = null
      } else open.worst = worse(open.worst, v)
      continue
    }
    if (!v.breach) {
      breachCount = 0
      run = null
      continue
    }
    breachCount++
    run = worse(run, v)
    if (breachCount >= pendingCycles) open = { start: date, worst: run }
  }
  if (open !== null) episodes.push({ start: open.start, end: null, worstPct: open.worst.pct })
  return { episodes, judgedDays }
}
