// A ticking "now" for countdowns and relative times; started by the shell.
export class Clock {
  #now = $state(Date.now())

  get now(): number {
    return this.#now
  }

  start(periodMs = 1000): () => void {
    const id = setInterval(() => (this.#now = Date.now()), periodMs)
    return () => clearInterval(id)
  }
}
