// An alert's headline as its 'fired' event (and so the notification's title) says it.

/** Said of an episode found on the first trusted reading: it did not start while watched. */
export const UNDER_WAY_AT_START = '(already under way when watching began)'

/** "TSLA TVL down 12.4 % in 7 days", with "(already under way when watching began)" when so. */
export function firedHeadline(headline: string, underWayAtStart: boolean): string {
  return underWayAtStart ? `${headline} ${UNDER_WAY_AT_START}` : headline
}
