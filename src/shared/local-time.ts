// Times in messages, one way everywhere: local wall-clock time — "until 14:05", "since 12:05", and
// "since 2025-03-02 12:05" on another day. Which zone is local is injected as a function, as quiet
// hours take it: the app passes the system's (it knows daylight saving), tests pass UTC.

/** Minutes local time is ahead of UTC at an instant (CET 60, CEST 120, New York −300). */
export type UtcOffset = (at: Date) => number

/** The system's time zone, daylight saving included. */
export const systemUtcOffset: UtcOffset = (at) => -at.getTimezoneOffset()
export const utcTime: UtcOffset = () => 0

/** The local wall-clock reading of an instant, as an ISO text ("2025-03-02T14:05:…"). */
function wall(at: Date, offset: UtcOffset): string {
  return new Date(at.getTime() + offset(at) * 60_000).toISOString()
}

/** Local minute of the day, 0–1439. */
export function localMinuteOfDay(at: Date, offset: UtcOffset): number {
  const w = wall(at, offset)
  return Number(w.slice(11, 13)) * 60 + Number(w.slice(14, 16))
}

/** "14:05" */
export function localClock(at: Date, offset: UtcOffset): string {
  return wall(at, offset).slice(11, 16)
}

/** "14:05" on the local day of `now`, "2025-03-02 14:05" on any other. */
export function localWhen(at: Date, now: Date, offset: UtcOffset): string {
  const w = wall(at, offset)
  const time = w.slice(11, 16)
  return w.slice(0, 10) === wall(now, offset).slice(0, 10) ? time : `${w.slice(0, 10)} ${time}`
}

/** The zone's name at an instant, by its offset: "UTC", "UTC+2", "UTC−5", "UTC+5:30". */
export function zoneName(at: Date, offset: UtcOffset): string {
  const minutes = offset(at)
  if (minutes === 0) return 'UTC'
  const abs = Math.abs(minutes)
  const mm = abs % 60
  return `UTC${minutes < 0 ? '−' : '+'}${Math.floor(abs / 60)}${mm === 0 ? '' : `:${String(mm).padStart(2, '0')}`}`
}
