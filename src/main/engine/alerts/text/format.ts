// Numbers and durations as a person reads them in a notification.

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 })

/** 1234567 → "$1.23M" (TVL is reported in US dollars). */
export function formatAmount(v: number): string {
  return `$${compact.format(v)}`
}

/** 12.345 → "12.3 %"; the sign is left to the wording ("down 12.3 %"). */
export function formatPct(v: number): string {
  return `${Math.abs(v).toFixed(1)} %`
}

/** 2 → "+2.0 %", −30.06 → "−30.1 %" (a true minus sign), a value that rounds to zero → "0.0 %". */
export function formatSignedPct(v: number): string {
  const text = `${Math.abs(v).toFixed(1)} %`
  if (text === '0.0 %') return text
  return `${v < 0 ? '−' : '+'}${text}`
}

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
