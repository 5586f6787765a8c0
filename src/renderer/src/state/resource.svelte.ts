// One piece of data fetched from the engine: its value, error and loading flag. Only the newest
// request lands, so a slow answer never overwrites a newer one. Values are $state.raw: charts
// get them as they are (Svelte proxies break Chart.js).
import { errorMessage } from '../lib/api'

export class Resource<T> {
  #value = $state.raw<T | null>(null)
  #error = $state<string | null>(null)
  #loading = $state(false)
  #seq = 0

  /** `describe` words a failure for people (default: the error's own message). */
  constructor(private readonly describe: (e: unknown) => string = errorMessage) {}

  get value(): T | null {
    return this.#value
  }
  get error(): string | null {
    return this.#error
  }
  get loading(): boolean {
    return this.#loading
  }

  /** Runs `fetch`; resolves once it settled (a superseded answer is dropped). */
  async load(fetch: () => Promise<T>): Promise<void> {
    const seq = ++this.#seq
    this.#loading = true
    try {
      const value = await fetch()
      if (seq !== this.#seq) return
      this.#value = value
      this.#error = null
    } catch (e) {
      if (seq === this.#seq) this.#error = this.describe(e)
    } finally {
      if (seq === this.#seq) this.#loading = false
    }
  }

  /** Forgets pending answers (the view went away). */
  cancel(): void {
    this.#seq++
    this.#loading = false
  }
}
