// A poll's flow vs price splits: each fresh detail's TVL change split into price and net flow from
// the app's own history, per window (the rows' 7 days and every window a live net-flow rule judges).
import type { ChangeWindow } from '../../../shared/alert-rules'
import type { FlowResult } from '../../../shared/flow'
import { engineKind } from '../alerts/conditions/registry'
import { windowDays } from '../alerts/text/format'
import type { Target } from '../alerts/rules'
import type { HistoryEntry } from '../history/history-entry'
import { unreadFlow } from '../history/latest-flow'

/** The window of the flow vs price split on rows and in `check --json`. */
export const FLOW_WINDOW: ChangeWindow = '7d'
export const FLOW_WINDOW_DAYS = windowDays(FLOW_WINDOW)

/** What the splits read: flow vs price of a symbol now against the history a window ago. */
export interface FlowReader {
  /** Asked of the history's worker thread, so an answer comes later. */
  flow?(
    symbol: string,
    now: { at: number; tvl: number; price: number },
    days: number,
  ): Promise<FlowResult>
}

export type FlowsByWindow = Record<string, Partial<Record<ChangeWindow, FlowResult>>>

/** The 7-day window (rows, `check --json`) and every window a live rule reads flows over. */
export function flowWindows(targets: readonly Target[]): ChangeWindow[] {
  const out = new Set<ChangeWindow>([FLOW_WINDOW])
  for (const t of targets) {
    const w = engineKind(t.condition).history?.(t.condition).flow
    if (w !== undefined) out.add(w)
  }
  return [...out]
}

/** Flow vs price for the poll's fresh details, read before this poll is recorded. */
export async function flowsOf(
  history: FlowReader | undefined,
  entries: HistoryEntry[],
  now: Date,
  windows: readonly ChangeWindow[],
): Promise<FlowsByWindow> {
  const out: FlowsByWindow = {}
  const flow = history?.flow
  if (!flow) return out
  // All asked at once: the history answers in order, without a round trip per symbol in turn.
  const asks = entries.flatMap((e) => {
    const at = { at: now.getTime(), tvl: e.tvl, price: e.price }
    return windows.map(async (w) => {
      const days = windowDays(w)
      let f: FlowResult
      try {
        f = await flow(e.symbol, at, days)
      } catch {
        // History never holds up a poll: a read that fails is only a split not given.
        f = unreadFlow(days)
      }
      ;(out[e.symbol] ??= {})[w] = f
    })
  })
  await Promise.all(asks)
  return out
}

/** The splits over one window, per symbol that has one. */
export function splitsOver(flows: FlowsByWindow, w: ChangeWindow): Record<string, FlowResult> {
  const out: Record<string, FlowResult> = {}
  for (const [symbol, f] of Object.entries(flows)) if (f[w] !== undefined) out[symbol] = f[w]
  return out
}
