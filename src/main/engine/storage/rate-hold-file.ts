// Rate-limit holds kept in the data dir, so a hold a service asked for outlives the process: the
// next CLI run (or the app after a restart) sends nothing to that origin before the hold ends.
// The file is a convenience, never a reason to stop: unreadable or invalid means "no holds". A
// newer version's file is left as it is: holds are then kept in memory only.
import { join } from 'node:path'
import { z } from 'zod'
import type { RateGates } from '../../client/rate-gate'
import { SnapshotFile } from './atomic-file'
import { newerFileReport, readStateFile } from './state-file'

export const RATE_HOLDS_FILE = 'rate-holds.json'
const VERSION = 1

const holdsSchema = z.object({
  version: z.literal(VERSION),
  holds: z.record(
    z.string(),
    z.object({ until: z.number().finite(), status: z.number().int().min(100).max(599) }),
  ),
})

export class RateHoldFile {
  #file: SnapshotFile
  /** What the file holds (or held when read); the next write's text. */
  #written = ''
  #next = ''
  /** A plain sentence when the file is a newer version's (left as it is), else null. */
  report: string | null = null

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
    const path = file.#file.path
    const read = await readStateFile(path, holdsSchema, VERSION)
    if (read.kind === 'missing') file.#written = JSON.stringify({ version: VERSION, holds: {} })
    else if (read.kind === 'ok') {
      gates.load(read.value.holds, o.now())
      file.#written = JSON.stringify(read.value)
    } else if (read.kind === 'newer') {
      file.#file = new SnapshotFile(path, () => file.#next, true)
      file.report = newerFileReport(
        {
          label: 'The saved rate-limit holds',
          path,
          ours: VERSION,
          whileNewer: 'holds a service asks for are kept only until Liquidity Watch closes',
        },
        read.version,
      )
    } else o.log(`Saved rate-limit holds in ${path} were ignored: ${read.reason}`)
    return file
  }

  /** Writes the holds in force when they changed; a failed write is logged, never thrown. */
  async save(): Promise<void> {
    const text = JSON.stringify({ version: VERSION, holds: this.gates.snapshot(this.now()) })
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
