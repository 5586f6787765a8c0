// Recent notification decisions (sent, held, suppressed) for the Alerts view; bounded, newest first.
import type { NotificationDecision } from '../../shared/alert-rules'
import type { LoggedDecision } from '../../shared/ipc-contract'

export const NOTIFICATION_LOG_SIZE = 200

export class NotificationLog {
  private items: LoggedDecision[] = []

  constructor(private readonly max = NOTIFICATION_LOG_SIZE) {}

  add(at: Date, decision: NotificationDecision): void {
    this.items.unshift({ at: at.toISOString(), decision })
    if (this.items.length > this.max) this.items.length = this.max
  }

  list(): LoggedDecision[] {
    return this.items.map((x) => ({ ...x }))
  }
}
