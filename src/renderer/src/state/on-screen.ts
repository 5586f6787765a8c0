// Tells main which watchlist rows are on screen, so a tiered poll fetches their asset details
// first. One call when scrolling settles, none when the set did not change; a hidden window has
// nothing on screen.
export interface OnScreen {
  /** The symbols of the rows rendered now. */
  rows(symbols: readonly string[]): void
  dispose(): void
}

export function reportOnScreen(
  send: (symbols: string[]) => Promise<unknown>,
  settleMs = 400,
): OnScreen {
  let rows: readonly string[] = []
  let sent = ''
  let timer: ReturnType<typeof setTimeout> | null = null
  const flush = (): void => {
    timer = null
    const now = document.visibilityState === 'hidden' ? [] : [...rows]
    const key = now.join(',')
    if (key === sent) return
    sent = key
    // A failed call only loses a hint: the poll's round robin reaches these rows anyway.
    send(now).catch(() => (sent = ''))
  }
  const schedule = (): void => {
    if (timer !== null) clearTimeout(timer)
    timer = setTimeout(flush, settleMs)
  }
  document.addEventListener('visibilitychange', schedule)
  return {
    rows(symbols) {
      rows = symbols
      schedule()
    },
    // The table is gone (another view): nothing of it is on screen any more.
    dispose() {
      if (timer !== null) clearTimeout(timer)
      document.removeEventListener('visibilitychange', schedule)
      if (sent !== '') send([]).catch(() => undefined)
    },
  }
}
