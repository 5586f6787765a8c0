// The service's own data date: a series' newest day, and whether it lags our fetch time (worth
// showing only then). The newest daily point is normally today's or yesterday's (a day's point
// may publish after it ends).

const DAY_MS = 86_400_000

/** The data date (YYYY-MM-DD) is more than a day behind the day we fetched it. */
export function dataDateLags(dataDate: string | null, fetchedAt: string | null): boolean {
  if (dataDate === null || fetchedAt === null) return false
  const data = Date.parse(`${dataDate}T00:00:00Z`)
  const fetched = Date.parse(`${fetchedAt.slice(0, 10)}T00:00:00Z`)
  return Number.isFinite(data) && Number.isFinite(fetched) && fetched - data > DAY_MS
}

/** The newest date of a series (YYYY-MM-DD compares as text; its order is not relied on). */
export function newestDate(series: readonly { date: string }[]): string | null {
  let newest = ''
  for (const p of series) if (p.date > newest) newest = p.date
  return newest === '' ? null : newest
}
