// What the core has to tell beyond its answers: start-up repairs (settings, caches, alert state,
// log, key) kept for the whole session as status notices, and diagnostic lines (never the key).
export class Reports {
  readonly #items: string[] = []

  constructor(private readonly log: (line: string) => void = () => undefined) {}

  /** A repair worth telling the user: a notice for the session, and a diagnostic line. */
  add(report: string | null): void {
    if (report === null) return
    this.#items.push(report)
    this.log(report)
  }

  /** A diagnostic line only. */
  line(line: string): void {
    this.log(line)
  }

  all(): string[] {
    return [...this.#items]
  }
}
