// How long, and how old, in one way for every surface: "12 min", "2 h", "3 d"; "just now", "2 h ago".
// The app writes the numbers in the user's locale; the CLI plainly.

/** How a surface writes the numbers of a duration. */
export interface DurationDigits {
  int(v: number): string
  num(v: number): string
}

const PLAIN: DurationDigits = { int: (v) => String(v), num: (v) => String(v) }

export function durationWords(ms: number, d: DurationDigits = PLAIN): string {
  const min = Math.round(ms / 60000)
  if (min < 60) return `${d.int(min)} min`
  const h = min / 60
  if (h < 48) return `${d.num(Math.round(h * 10) / 10)} h`
  return `${d.num(Math.round(h / 24))} d`
}

/** The age of something fetched `ms` ago (a clock a little behind reads as just now). */
export function ageWords(ms: number, d: DurationDigits = PLAIN): string {
  return ms < 60_000 ? 'just now' : `${durationWords(ms, d)} ago`
}
