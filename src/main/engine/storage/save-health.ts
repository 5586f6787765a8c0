// Which of the app's files could not be saved lately, and why, in plain words: one line for the
// status (EngineStatus.notices) and a short problem for every row. Saving never throws to its
// caller: the poll's data stays in memory, and a store is fine again once a later save lands.
import { joinNames } from '../../../shared/plain-list'
import { describeFsError } from './fs-error'

/** A store the app saves to disk: what the user knows it as, where it is, how to save it whole. */
export interface Saveable {
  /** "the offline cache", "the alert state", "the notification log". */
  readonly label: string
  readonly path: string
  save(): Promise<void>
}

/** A store whose last save failed: what the user knows it as, where it is, and why, in plain words. */
export interface SaveFailure {
  label: string
  path: string
  reason: string
}

function attempt(store: Saveable): Promise<{ error: unknown } | null> {
  return store.save().then(
    () => null,
    (error: unknown) => ({ error }),
  )
}

export class SaveHealth {
  readonly #failures = new Map<string, SaveFailure>()

  constructor(private readonly log: (line: string) => void = () => undefined) {}

  /** Saves one store; true when it landed. A failure is remembered (and logged), never thrown. */
  async save(store: Saveable): Promise<boolean> {
    return this.#record(store, await attempt(store))
  }

  /** Different files: saved side by side; outcomes are recorded in the order given. */
  async saveAll(stores: Saveable[]): Promise<void> {
    const outcomes = await Promise.all(stores.map(attempt))
    stores.forEach((store, i) => this.#record(store, outcomes[i] ?? null))
  }

  #record(store: Saveable, outcome: { error: unknown } | null): boolean {
    if (outcome === null) {
      if (this.#failures.delete(store.label)) this.log(`Saved ${store.label} again.`)
      return true
    }
    const failure = { label: store.label, path: store.path, reason: describeFsError(outcome.error) }
    const was = this.#failures.get(store.label)
    this.#failures.set(store.label, failure)
    if (was?.reason !== failure.reason || was.path !== failure.path)
      this.log(`Could not save ${failure.label} to ${failure.path}: ${failure.reason}`)
    return false
  }

  /** Every store whose last save failed, in the order they first failed. */
  failures(): SaveFailure[] {
    return [...this.#failures.values()].map((f) => ({ ...f }))
  }

  /** Why this store's last save failed, or null when it landed (or was never tried). */
  failure(store: Saveable): SaveFailure | null {
    const f = this.#failures.get(store.label)
    return f ? { ...f } : null
  }

  /** One line for the status, naming every file that could not be saved; null when all saved. */
  notice(): string | null {
    const f = [...this.#failures.values()]
    if (f.length === 0) return null
    const reasons = new Set(f.map((x) => x.reason))
    const what =
      reasons.size === 1
        ? `${joinNames(f.map((x) => `${x.label} (${x.path})`))} could not be written: ${f[0]!.reason}`
        : `${joinNames(f.map((x) => `${x.label} (${x.path}: ${x.reason})`))} could not be written`
    return (
      `Liquidity Watch cannot save its data: ${what}. Alerts still run and the latest figures ` +
      'stay on screen; they are saved as soon as writing works again. Check that the disk has ' +
      'free space and that the folder can be written.'
    )
  }

  /** The short form every row carries while saving fails; null when all saved. */
  rowProblem(): string | null {
    if (this.#failures.size === 0) return null
    const reasons = [...new Set([...this.#failures.values()].map((x) => x.reason))]
    return `Could not save the latest data: ${reasons.join('; ')}.`
  }
}
