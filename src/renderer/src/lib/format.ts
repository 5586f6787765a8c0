// Every number and date the UI shows goes through Intl, in the user's locale; the number rules
// (signs, a true minus, percent digits, compact money) are shared/number-format.ts's.
import { ageWords, durationWords } from '../../../shared/age-words'
import { numberFormat, tableStyle } from '../../../shared/number-format'

// Made on first use: the first Intl formatter of a process loads ICU data (tens of ms), which
// should not hold up start-up before the first requests are even sent (see warmFormatters).
function lazy<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value ??= make())
}

const num = numberFormat(tableStyle())

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

/** Compact dollars, "$1.2M" (the full figure: fmtMoneyFull). */
export const fmtMoney = (n: number | null | undefined): string => (ok(n) ? num.money(n) : DASH)
/** Axis ticks need more digits than table cells: $1.45B, $1.5B. */
export const fmtMoneyAxis = (n: number | null | undefined): string =>
  ok(n) ? num.moneyAxis(n) : DASH
export const fmtMoneyFull = (n: number | null | undefined): string =>
  ok(n) ? num.moneyFull(n) : DASH
export const fmtPrice = (n: number | null | undefined): string => (ok(n) ? num.price(n) : DASH)
/** A change given as percent points (3.2 → "+3.2%", −3.2 → "−3.2%", zero unsigned "0.0%"). */
export const fmtPct = (n: number | null | undefined): string => (ok(n) ? num.signedPct(n) : DASH)
/** Share given as a fraction (0.42 → "42.0%"). */
export const fmtShare = (n: number | null | undefined): string =>
  ok(n) ? num.share(n * 100) : DASH
/** A percent axis tick given as percent points (20 → "20%"). */
export const fmtPctTick = (n: number | null | undefined): string => (ok(n) ? num.pctTick(n) : DASH)
export const fmtFee = (n: number | null | undefined): string => (ok(n) ? num.fee(n) : DASH)
export const fmtInt = (n: number | null | undefined): string => (ok(n) ? num.int(n) : DASH)
export const fmtNum = (n: number | null | undefined): string => (ok(n) ? num.num(n) : DASH)
/** A file's size: "812 bytes", "3.4 MB" (decimal units, as file managers show them). */
export function fmtBytes(n: number | null | undefined): string {
  if (!ok(n)) return DASH
  if (n < 1000) return `${num.int(n)} bytes`
  const units = ['KB', 'MB', 'GB', 'TB']
  let v = n / 1000
  let i = 0
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000
    i++
  }
  return `${num.num(Number(v.toFixed(1)))} ${units[i]}`
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
  return d ? ageWords(now - d.getTime(), num) : DASH
}

export const fmtDuration = (ms: number): string => durationWords(ms, num)

/** "5 min", "1 h 30 min", "24 h". */
export function fmtMinutes(min: number): string {
  if (min < 60) return `${num.int(min)} min`
  const h = Math.floor(min / 60)
  const m = Math.round(min % 60)
  return m ? `${h} h ${m} min` : `${h} h`
}

/** Makes the formatters the first screen needs, e.g. while its first requests are in flight. */
export function warmFormatters(): void {
  num.money(0)
  num.signedPct(0)
  timeFmt()
  dayTimeFmt()
}
