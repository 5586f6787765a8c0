// Every number and date the UI shows goes through Intl, in the user's locale.

// Made on first use: the first Intl formatter of a process loads ICU data (tens of ms), which
// should not hold up start-up before the first requests are even sent (see warmFormatters).
function lazy<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value ??= make())
}

const moneyCompact = lazy(
  () =>
    new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      maximumFractionDigits: 1,
    }),
)
const moneyAxis = lazy(
  () =>
    new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      maximumSignificantDigits: 3,
    }),
)
const moneyFull = lazy(
  () =>
    new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    }),
)
const price = lazy(
  () =>
    new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
    }),
)
/**
 * The one precision of a percent figure (a change, a share): every one is written with exactly
 * this many decimals, so "8.0%" stands beside "8.3%" and a column lines up.
 */
const PCT_DIGITS = 1
const pctFmt = lazy(
  () =>
    new Intl.NumberFormat(undefined, {
      style: 'percent',
      maximumFractionDigits: PCT_DIGITS,
      minimumFractionDigits: PCT_DIGITS,
      signDisplay: 'exceptZero',
    }),
)
const shareFmt = lazy(
  () =>
    new Intl.NumberFormat(undefined, {
      style: 'percent',
      maximumFractionDigits: PCT_DIGITS,
      minimumFractionDigits: PCT_DIGITS,
    }),
)
/** Axis ticks fall on round percents: "20%", not "20.0%". */
const pctTickFmt = lazy(
  () => new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 }),
)
/** Fee tiers are small fractions (0.0005 = 0.05 %): up to 3 decimals of a percent. */
const feeFmt = lazy(
  () => new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 3 }),
)
const intFmt = lazy(() => new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 }))
const numFmt = lazy(() => new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }))
const timeFmt = lazy(
  () =>
    new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
)
const dayTimeFmt = lazy(
  () =>
    new Intl.DateTimeFormat(undefined, {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
)
const dateFmt = lazy(
  () =>
    new Intl.DateTimeFormat(undefined, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }),
)
const shortDateFmt = lazy(
  () => new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
)

const DASH = '—'
const ok = (n: number | null | undefined): n is number =>
  typeof n === 'number' && Number.isFinite(n)

export const fmtMoney = (n: number | null | undefined): string =>
  ok(n) ? moneyCompact().format(n) : DASH
/** Axis ticks need more digits than table cells: $1.45B, $1.5B. */
export const fmtMoneyAxis = (n: number | null | undefined): string =>
  ok(n) ? moneyAxis().format(n) : DASH
export const fmtMoneyFull = (n: number | null | undefined): string =>
  ok(n) ? moneyFull().format(n) : DASH
export const fmtPrice = (n: number | null | undefined): string => (ok(n) ? price().format(n) : DASH)
/** Percent given as percent points (3.2 → "+3.2%"). */
export const fmtPct = (n: number | null | undefined): string =>
  ok(n) ? pctFmt().format(n / 100) : DASH
/** Share given as a fraction (0.42 → "42.0%"). */
export const fmtShare = (n: number | null | undefined): string =>
  ok(n) ? shareFmt().format(n) : DASH
/** A percent axis tick given as percent points (20 → "20%"). */
export const fmtPctTick = (n: number | null | undefined): string =>
  ok(n) ? pctTickFmt().format(n / 100) : DASH
export const fmtFee = (n: number | null | undefined): string => (ok(n) ? feeFmt().format(n) : DASH)
export const fmtInt = (n: number | null | undefined): string => (ok(n) ? intFmt().format(n) : DASH)
export const fmtNum = (n: number | null | undefined): string => (ok(n) ? numFmt().format(n) : DASH)
/** A file's size: "812 bytes", "3.4 MB" (decimal units, as file managers show them). */
export function fmtBytes(n: number | null | undefined): string {
  if (!ok(n)) return DASH
  if (n < 1000) return `${intFmt().format(n)} bytes`
  const units = ['KB', 'MB', 'GB', 'TB']
  let v = n / 1000
  let i = 0
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000
    i++
  }
  return `${numFmt().format(Number(v.toFixed(1)))} ${units[i]}`
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? null : d
}

/** "14:02" today, "Mar 3, 14:02" on other days. */
export function fmtTime(iso: string | null | undefined, now = Date.now()): string {
  const d = parse(iso)
  if (!d) return DASH
  return new Date(now).toDateString() === d.toDateString()
    ? timeFmt().format(d)
    : dayTimeFmt().format(d)
}
export const fmtDateTime = (iso: string | null | undefined): string => {
  const d = parse(iso)
  return d ? dayTimeFmt().format(d) : DASH
}
/** Calendar dates (YYYY-MM-DD or epoch ms at UTC midnight). */
export const fmtDate = (d: string | number): string =>
  dateFmt().format(typeof d === 'number' ? d : Date.parse(`${d}T00:00:00Z`))
export const fmtShortDate = (ms: number): string => shortDateFmt().format(ms)
/** Wall-clock time of an instant, "14:02" (axis ticks of spans within a day or two). */
export const fmtClock = (ms: number): string => timeFmt().format(ms)

/** How old something is: "just now", "12 min ago", "2 h ago", "3 d ago". */
export function fmtAge(iso: string | null | undefined, now: number): string {
  const d = parse(iso)
  if (!d) return DASH
  const ms = now - d.getTime()
  return ms < 60_000 ? 'just now' : `${fmtDuration(ms)} ago`
}

export function fmtDuration(ms: number): string {
  const min = Math.round(ms / 60000)
  if (min < 60) return `${intFmt().format(min)} min`
  const h = min / 60
  if (h < 48) return `${numFmt().format(Math.round(h * 10) / 10)} h`
  return `${numFmt().format(Math.round(h / 24))} d`
}

/** "5 min", "1 h 30 min", "24 h". */
export function fmtMinutes(min: number): string {
  if (min < 60) return `${intFmt().format(min)} min`
  const h = Math.floor(min / 60)
  const m = Math.round(min % 60)
  return m ? `${h} h ${m} min` : `${h} h`
}

/** Makes the formatters the first screen needs, e.g. while its first requests are in flight. */
export function warmFormatters(): void {
  moneyCompact()
  pctFmt()
  timeFmt()
  dayTimeFmt()
}
