// Rate-limit holds kept in the data dir, so a hold a service asked for outlives the process: the
// next CLI run (or the app after a restart) sends nothing to that origin before the hold ends.
// The file is a convenience, never a reason to stop: unreadable or invalid means "no holds".
import { join } from 'node:path'
import { z } from 'zod'
import type { RateGates } from '../../client/rate-gate'
import { readFileIfExists, SnapshotFile } from './atomic-file'

export const RATE_HOLDS_FILE = 'rate-holds.json'

const holdsSchema = z.object({
  version: z.literal(1),
  holds: z.record(
    z.string(),
    z.object({ until: z.number().finite(), status: z.number().int().min(100).max(599) }),
  ),
})

export class RateHoldFile {
  readonly #file: SnapshotFile
  /** What the file holds (or held when read); the next write's text. */
  #written = ''
  #next = ''

  private constructor(
    path: string,
    private readonly gates: RateGates,
    private readonly now: () => number,
    private readonly log: (line: string) => void,
  ) {
    this.#file = new SnapshotFile(path, () => this.#next)
  }

  /** Reads the holds saved by an earlier run into `gates`; a missing or bad file loads nothing. */
  static async open(
    dataDir: string,
    gates: RateGates,
    o: { now: () => number; log: (line: string) => void },
  ): Promise<RateHoldFile> {
    const file = new RateHoldFile(join(dataDir, RATE_HOLDS_FILE), gates, o.now, o.log)
    try {
      const text = await readFileIfExists(file.#file.path)
      if (text === null) file.#written = JSON.stringify({ version: 1, holds: {} })
      else {
        gates.load(holdsSchema.parse(JSON.parse(text)).holds, o.now())
        file.#written = text
      }
    } catch (e) {
      o.log(`Saved rate-limit holds in ${file.#file.path} were ignored: ${(e as Error).message}`)
    }
    return file
  }

  /** Writes the holds in force when they changed; a failed write is logged, never thrown. */
  async save(): Promise<void> {
    const text = JSON.stringify({ version: 1, holds: this.gates.snapshot(this.now()) })
    if (text === this.#written) return
    this.#next = text
    this.#file.changed()
    try {
      await this.#file.save()
      this.#written = text
    } catch (e) {
      this.log(`Rate-limit holds could not be saved to ${this.#file.path}: ${(e as Error).message}`)
    }
  }
}
