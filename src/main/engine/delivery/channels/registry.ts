// The channel of each contact point kind (one module per kind in this folder). The desktop is not
// here: it is the shell's native notification, delivered at once, not through the outbox.
// Each kind's module (and the template engine, LiquidJS, that they render with: about 2 MB of heap)
// is loaded at its first send, so an app whose only contact point is the desktop never loads them.
import type { ContactPointKind } from '../../../../shared/contact-points'
import type { Channel } from '../model'

const LOADERS: Partial<Record<ContactPointKind, () => Promise<Channel>>> = {
  webhook: async () => (await import('./webhook')).webhookChannel,
  ntfy: async () => (await import('./ntfy')).ntfyChannel,
  email: async () => (await import('./email')).emailChannel,
  alertmanager: async () => (await import('./alertmanager')).alertmanagerChannel,
}

const CHANNELS = new Map<ContactPointKind, Channel>()

/** The channel that sends to a kind of contact point, or null when this build has none for it. */
export function channelFor(kind: ContactPointKind): Channel | null {
  const load = LOADERS[kind]
  if (load === undefined) return null
  let channel = CHANNELS.get(kind)
  if (channel === undefined) {
    channel = {
      kind,
      send: async (message, point, ctx) => (await load()).send(message, point, ctx),
    }
    CHANNELS.set(kind, channel)
  }
  return channel
}
