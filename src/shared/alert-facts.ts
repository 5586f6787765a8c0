// Facts about alerts that the engine and the renderer share, free of zod (the renderer bundles
// this): the kinds of history entries, why an episode's news is held back and what that means,
// and a rule's cooldown default and limit.

/** Kinds of history entries. A public interface (check --json, history filter): add, never rename. */
export const ALERT_EVENT_TYPES = [
  'fired',
  'resolved',
  'repeated',
  'snoozed',
  'held',
  'delivered',
  /** A held alert not delivered when the hold ended (its rule was snoozed, turned off or deleted). */
  'dropped',
  /** A (rule, symbol) keeps changing state: one notice instead of one per episode. */
  'flapping',
  /** It settled: one notice, with the state it settled in. */
  'flap-ended',
  /** An issuer or network has been missing from the data for a while (rules that ask). */
  'issuer-left',
] as const
export type AlertEventType = (typeof ALERT_EVENT_TYPES)[number]

/** The news of an episode that can be owed to the user (told once its hold clears). */
export const EPISODE_NEWS_TYPES = ['fired', 'resolved'] as const satisfies readonly AlertEventType[]
export type EpisodeNewsType = (typeof EPISODE_NEWS_TYPES)[number]

/** Reasons an episode's news is owed to the user rather than dropped. */
export const HELD_BACK_REASONS = ['figures-disagree', 'cooldown', 'flapping'] as const
export type HeldBackReason = (typeof HELD_BACK_REASONS)[number]

export const DEFAULT_COOLDOWN_MINUTES = 60
/** The longest cooldown a rule may have: a week. */
export const MAX_COOLDOWN_MINUTES = 7 * 24 * 60

/** Trusted polls without a part before a rule that asks is told it left: one poll is no absence. */
export function missingPartPolls(pendingCycles: number): number {
  return Math.max(2, pendingCycles)
}

export const DISAGREE_NOTE =
  'Not notified: the service’s own change figure contradicts the change its history gives, so ' +
  'neither can be trusted. The alert is kept in the history and is notified if the figures agree ' +
  'while it lasts. To be told about such alerts anyway, turn on “Notify alerts whose figures ' +
  'disagree” in Settings → Notifications.'

export const FLAPPING_NOTE =
  'Not notified: this rule keeps changing state for the symbol (flapping). One notice says so, ' +
  'and one more when it settles; every change is still in the history.'

export const COOLDOWN_NOTE =
  'Not notified yet: the rule already notified about this symbol within its cooldown. Told when ' +
  'the cooldown ends if it is still true then.'

/** Short labels of the holds (the Alerts view's tags, the badge's tooltip). */
export const HELD_BACK_LABELS: Record<HeldBackReason, string> = {
  'figures-disagree': 'Held: figures disagree',
  cooldown: 'Held: cooldown',
  flapping: 'Held: flapping',
}

/** Why an instance's news has not reached the user yet (the Alerts view's "Held" tags). */
export const HELD_BACK_NOTES: Record<HeldBackReason, string> = {
  'figures-disagree': DISAGREE_NOTE,
  cooldown: COOLDOWN_NOTE,
  flapping: FLAPPING_NOTE,
}

/**
 * Holds that mean the alert itself is not to be acted on: its figures cannot be trusted, or it keeps
 * crossing. Such an alert is shown as held, not firing, and is not counted as firing (status bar,
 * sidebar, tray, `check`'s exit code). A cooldown only paces the notifications of an alert that is
 * firing on trusted data: that one still counts.
 */
export const NOT_FIRING_HOLDS: readonly HeldBackReason[] = ['figures-disagree', 'flapping']

/** What an instance (or row) needs for the held/firing answer. */
export interface HoldFacts {
  state: string
  /** Where it stood on the last trusted reading (see AlertInstance.phase). */
  phase?: string
  heldBack: HeldBackReason | null
  flapping: boolean
}

/** States that say only that this poll could not judge: the last trusted reading still stands. */
const UNJUDGED = ['error', 'stale', 'nodata']

/**
 * Where an alert stands: its state, or — while a poll cannot judge (an outage, stale or no data) —
 * its last trusted reading, so a firing alert stays firing through an outage.
 */
export function standing(i: Pick<HoldFacts, 'state' | 'phase'>): string {
  return UNJUDGED.includes(i.state) && i.phase !== undefined ? i.phase : i.state
}

/**
 * Why this is held instead of firing, or null. Flapping wins and holds whatever the state of this
 * poll, so the answer does not alternate while the value keeps crossing.
 */
export function heldInsteadOfFiring(i: HoldFacts): HeldBackReason | null {
  if (i.flapping) return 'flapping'
  if (standing(i) === 'firing' && i.heldBack !== null && NOT_FIRING_HOLDS.includes(i.heldBack))
    return i.heldBack
  return null
}

/** Firing on trusted data and steady: what counts as "an alert firing" everywhere. */
export function countsAsFiring(i: HoldFacts): boolean {
  return standing(i) === 'firing' && heldInsteadOfFiring(i) === null
}

/** A row's hold: null while any of its alerts counts as firing, else the first held one's reason. */
export function rowHold(instances: readonly HoldFacts[]): HeldBackReason | null {
  if (instances.some(countsAsFiring)) return null
  for (const i of instances) {
    const why = heldInsteadOfFiring(i)
    if (why !== null) return why
  }
  return null
}
