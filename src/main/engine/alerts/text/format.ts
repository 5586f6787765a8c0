// Numbers and durations as a person reads them in a notification.

// The numbers themselves: the one formatter in shared/number-format.ts (formatAmount is its money).
export {
  formatMoney as formatAmount,
  formatPct,
  formatSignedPct,
} from '../../../../shared/number-format'

/** 8_100_000 ms → "2 h 15 min"; under a minute → "less than a minute". */
export function formatDuration(ms: number): string {
  const totalMin = Math.floor(Math.max(0, ms) / 60_000)
  if (totalMin < 1) return 'less than a minute'
  const d = Math.floor(totalMin / 1440)
  const h = Math.floor((totalMin % 1440) / 60)
  const m = totalMin % 60
  const parts: string[] = []
  if (d > 0) parts.push(`${d} d`)
  if (h > 0) parts.push(`${h} h`)
  // Minutes stop mattering once an episode lasts days.
  if (m > 0 && d === 0) parts.push(`${m} min`)
  return parts.join(' ')
}

export function windowDays(window: '7d' | '30d'): number {
  return window === '7d' ? 7 : 30
}
