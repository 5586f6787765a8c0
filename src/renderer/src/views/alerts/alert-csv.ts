// The alert history and the notification log as CSV tables (the whole list, not only what fits).
import type { AlertEvent } from '../../../../shared/alert-rules'
import type { LoggedDecision } from '../../../../shared/ipc-contract'
import type { CsvTable } from '../../lib/download'

export function historyCsv(events: readonly AlertEvent[]): CsvTable {
  return {
    header: [
      'at',
      'type',
      'symbol',
      'ruleId',
      'ruleName',
      'value',
      'threshold',
      'verified',
      'durationMs',
      'message',
    ],
    rows: events.map((e) => [
      e.at,
      e.type,
      e.symbol,
      e.ruleId,
      e.ruleName,
      e.value,
      e.threshold,
      e.verified,
      e.durationMs ?? null,
      e.message,
    ]),
  }
}

export function notificationLogCsv(log: readonly LoggedDecision[]): CsvTable {
  return {
    header: ['at', 'status', 'reason', 'title', 'body', 'note', 'events'],
    rows: log.map(({ at, decision: d }) => [
      at,
      d.status,
      d.status === 'sent' ? null : d.reason,
      d.status === 'suppressed' ? null : d.title,
      d.status === 'suppressed' ? null : d.body,
      d.status === 'sent' ? null : d.note,
      d.eventIds.length,
    ]),
  }
}
