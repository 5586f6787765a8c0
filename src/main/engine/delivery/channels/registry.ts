// The channel of each contact point kind (one module per kind in this folder). The desktop is not
// here: it is the shell's native notification, delivered at once, not through the outbox.
import type { ContactPointKind } from '../../../../shared/contact-points'
import type { Channel } from '../model'
import { alertmanagerChannel } from './alertmanager'
import { emailChannel } from './email'
import { ntfyChannel } from './ntfy'
import { webhookChannel } from './webhook'

const CHANNELS: Partial<Record<ContactPointKind, Channel>> = {
  webhook: webhookChannel,
  ntfy: ntfyChannel,
  email: emailChannel,
  alertmanager: alertmanagerChannel,
}

/** The channel that sends to a kind of contact point, or null when this build has none for it. */
export function channelFor(kind: ContactPointKind): Channel | null {
  return CHANNELS[kind] ?? null
}
