// The rate-limit owner: per-origin holds, one registry for every request this core makes (polls,
// screens, Test connection), and the file in the data dir they outlive the process in.
import { RateGates, type RateHoldWatcher } from '../client/rate-gate'
import type { Clock } from '../engine/poll/scheduler'
import { RateHoldFile } from '../engine/storage/rate-hold-file'

export class RateLimits {
  private constructor(
    /** Handed to every client this core makes (a connection, Test connection's own client). */
    readonly gates: RateGates,
    private readonly file: RateHoldFile,
  ) {}

  /** A hold asked for before a restart (or by the last CLI run) still holds. */
  static async open(
    dataDir: string,
    clock: Clock,
    log: (line: string) => void,
    watch?: RateHoldWatcher,
  ): Promise<RateLimits> {
    const gates = new RateGates(watch)
    const file = await RateHoldFile.open(dataDir, gates, { now: () => clock.now(), log })
    return new RateLimits(gates, file)
  }

  /** A plain sentence when the holds file is a newer version's (left as it is), else null. */
  get report(): string | null {
    return this.file.report
  }

  /** Writes the holds in force when they changed; a failed write is logged, never thrown. */
  save(): Promise<void> {
    return this.file.save()
  }
}
