// Where a message to a contact point stands: one vocabulary for the outbox, the delivery log, the
// tray and `check --json` deliveries[].status.
export const DELIVERY_STATES = ['queued', 'sent', 'failed', 'dropped'] as const
export type DeliveryState = (typeof DELIVERY_STATES)[number]
