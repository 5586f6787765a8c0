// The decision behind Settings → "Send test notification": sent unless notifications are off.
import type { NotificationDecision } from '../../shared/alert-rules'
import { DISABLED_NOTE } from '../engine/alerts/text/notes'

export function testNotification(enabled: boolean): NotificationDecision {
  return enabled
    ? {
        status: 'sent',
        title: 'Liquidity Watch',
        body: 'Test notification: TVL alerts will appear like this.',
        symbol: null,
        eventIds: [],
      }
    : { status: 'suppressed', reason: 'disabled', note: DISABLED_NOTE, eventIds: [] }
}
