// What a poll may send when it must send only what the saved alert state remembers (the one-shot
// CLI: each run starts from the file, so news whose state is not saved would be sent again by
// every run). The alert state is saved first; news stays unsent when it could not be, or when
// the file is a newer version's, which this version never writes.
import type { NotificationDecision } from '../../../shared/alert-rules'
import { NEWER_STATE_NOTE, UNSAVED_NOTE } from '../alerts/text/notes'
import type { SaveHealth, Saveable } from '../storage/save-health'

/** The alert state as the gate sees it: saved whole, or kept as a newer version wrote it. */
export interface GatedAlertStore extends Saveable {
  /** The version that wrote the file when a newer app did (never written here), else null. */
  readonly newerVersion?: number | null
}

export async function decisionsToDeliver(
  deps: { alerts: GatedAlertStore; saves: SaveHealth; notifyOnlyWhenSaved?: boolean },
  decisions: NotificationDecision[],
): Promise<NotificationDecision[]> {
  if (deps.notifyOnlyWhenSaved !== true || !decisions.some((d) => d.status === 'sent'))
    return decisions
  let note: string
  if ((deps.alerts.newerVersion ?? null) !== null) note = NEWER_STATE_NOTE
  else {
    await deps.saves.saveAll([deps.alerts])
    if (deps.saves.failure(deps.alerts) === null) return decisions
    note = UNSAVED_NOTE
  }
  return decisions.map((d) =>
    d.status === 'sent'
      ? { status: 'suppressed', reason: 'unsaved', note, eventIds: d.eventIds }
      : d,
  )
}
