// What the service's rate limit did to one poll: the waits it asked for (every Retry-After, waited
// out inside the poll or not) and the longest a request waited at the gate. The gates report as
// they go; the daemon takes the tally at each poll's end.
import type { RateHoldEvent } from '../client/rate-gate'

export interface PollRateHolds {
  /** Answers that asked to wait. */
  asked: number
  /** The longest wait asked for, in ms (0: none). */
  askedMaxMs: number
  /** The longest a request of the poll waited at the gate, in ms (0: none). */
  waitedMs: number
}

export class RateHoldTally {
  private t: PollRateHolds = { asked: 0, askedMaxMs: 0, waitedMs: 0 }

  readonly watch = (e: RateHoldEvent): void => {
    if (e.kind === 'asked') {
      this.t.asked += 1
      this.t.askedMaxMs = Math.max(this.t.askedMaxMs, e.ms)
    } else this.t.waitedMs = Math.max(this.t.waitedMs, e.ms)
  }

  /** This poll's tally; the next poll starts from nothing. */
  take(): PollRateHolds {
    const t = this.t
    this.t = { asked: 0, askedMaxMs: 0, waitedMs: 0 }
    return t
  }
}
