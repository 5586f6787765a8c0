// The poll's issuer windows per symbol with a fresh detail, read before this poll is recorded:
// the 7-day window and since the last poll (row findings, the asset view), and every window a live
// issuer-drop rule or a tvl-change rule with ignoreMigrations judges.
import type { ChangeWindow } from '../../../shared/alert-rules'
import type { IssuersAt } from '../../../shared/issuer-moves'
import type { Target } from '../alerts/rules'
import { engineKind } from '../alerts/conditions/registry'
import { windowDays } from '../alerts/text/format'
import type { HistoryEntry } from '../history/history-entry'
import {
  ISSUERS_UNREAD,
  MIGRATION_WINDOW,
  type IssuerWindow,
  type IssuerWindows,
} from '../history/issuer-window'

export type ReadIssuerWindow = (
  symbol: string,
  now: IssuersAt,
  days: number | null,
) => Promise<IssuerWindow>

function windowsFor(targets: readonly Target[]): ChangeWindow[] {
  const out = new Set<ChangeWindow>([MIGRATION_WINDOW])
  for (const t of targets) {
    const w = engineKind(t.condition).history?.(t.condition).issuers
    if (w !== undefined) out.add(w)
  }
  return [...out]
}

export async function issuerWindowsOf(
  read: ReadIssuerWindow | undefined,
  entries: readonly HistoryEntry[],
  now: Date,
  targets: readonly Target[],
): Promise<Record<string, IssuerWindows>> {
  const out: Record<string, IssuerWindows> = {}
  if (read === undefined) return out
  const windows = windowsFor(targets)
  // All asked at once: the history (a worker) answers in order, no round trip per symbol in turn.
  const asks = entries.flatMap((e) => {
    const at = {
      at: now.getTime(),
      issuers: e.issuers.map((i) => ({ issuer: i.issuer, tvl: i.tvl })),
      price: e.price,
    }
    const mine: IssuerWindows = (out[e.symbol] = {})
    return [...windows, 'last' as const].map(async (span) => {
      const days = span === 'last' ? null : windowDays(span)
      try {
        mine[span] = await read(e.symbol, at, days)
      } catch {
        // History never holds up a poll: a read that fails is only a classification not given.
        mine[span] = {
          kind: 'unknown',
          windowDays: days,
          reason: ISSUERS_UNREAD,
        }
      }
    })
  })
  await Promise.all(asks)
  return out
}
