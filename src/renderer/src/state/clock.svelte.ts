// A ticking "now" for countdowns and relative times; started by the shell. It stops while the
// window is hidden (nobody reads it then, and a hidden window should not wake every second) and
// ticks once at once when it is shown again, so nothing shows a stale "2 min ago".
export class Clock {
  #now = $state(Date.now())

  get now(): number {
    return this.#now
  }

  start(periodMs = 1000): () => void {
    let id: ReturnType<typeof setInterval> | undefined
    const tick = (): void => {
      this.#now = Date.now()
    }
    const run = (): void => {
      if (document.visibilityState === 'hidden') {
        clearInterval(id)
        id = undefined
      } else if (id === undefined) {
        tick()
        id = setInterval(tick, periodMs)
      }
    }
    run()
    document.addEventListener('visibilitychange', run)
    return () => {
      document.removeEventListener('visibilitychange', run)
      clearInterval(id)
    }
  }
}
