// The one number formatter of alert wording: signed percents, money and shares as the desktop
// notification, the Alerts history, the CLI table and `check --json`'s messages all write them
// (en-US, one decimal, a space before "%", a true minus sign), so one event reads the same on each.
// (The renderer's data tables format in the user's locale: renderer lib/format.ts.)
//
// Zero is "0.0 %", never "±0.0 %" or "+0.0 %": a figure that rounds to zero did not move, and a
// sign (or "±", which reads as a tolerance) would suggest it did; the renderer's Intl formatting
// (signDisplay 'exceptZero') writes its zero the same way.

// Made on first use: the first Intl formatter of a process loads ICU data.
let compact: Intl.NumberFormat | undefined

/** 12.345 → "12.3 %"; the sign is left to the wording ("down 12.3 %"). */
export function formatPct(v: number): string {
  return `${Math.abs(v).toFixed(1)} %`
}

/** 2 → "+2.0 %", −30.06 → "−30.1 %" (a true minus sign), a value that rounds to zero → "0.0 %". */
export function formatSignedPct(v: number): string {
  const text = formatPct(v)
  if (text === '0.0 %') return text
  return `${v < 0 ? '−' : '+'}${text}`
}

/** 1234567 → "$1.23M" (TVL and volume are reported in US dollars). */
export function formatMoney(v: number): string {
  compact ??= new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 })
  return `$${compact.format(v)}`
}

/** A change in dollars, −250000 → "−$250K", 1234567 → "+$1.23M" (`plus` false: no "+"). */
export function formatSignedMoney(v: number, plus = true): string {
  const sign = v < 0 ? '−' : plus && v > 0 ? '+' : ''
  return `${sign}${formatMoney(Math.abs(v))}`
}

/** A part's share of TVL in percent: 83.04 → "83.0 % share". */
export function formatShare(v: number): string {
  return `${formatPct(v)} share`
}
