// The one notice when a (rule, symbol) starts flapping, and the one when it settles.

/** "TSLA 7-day TVL drop is flapping: it changed state 5 times in the last 21 checks. …" */
export function flappingText(
  symbol: string,
  subject: string,
  changes: number,
  checks: number,
): string {
  return (
    `${symbol} ${subject} is flapping: it changed state ${changes} times in the last ` +
    `${checks} checks. Its alerts are held until it settles.`
  )
}

/** "TSLA 7-day TVL drop stopped flapping; now OK: down 4.0 % in 7 days". */
export function flapEndedText(
  symbol: string,
  subject: string,
  state: 'firing' | 'OK',
  reading: string,
): string {
  return `${symbol} ${subject} stopped flapping; now ${state}: ${reading}`
}
