// Flap detection as Nagios does it: over the last 21 trusted readings, the weighted share of
// readings where the state (`raised`: the condition with its re-arm margin) changed. Two whole
// episodes are 4 changes (≤ 23.4 %), still told as episodes; a fifth change (≥ 24 %, rising) is
// flapping. It stops under about two changes' weight (10 %): the detector's own hysteresis.
import { flapEndedText, flappingText } from '../text/episode'
import { draft } from '../transition/transitions'
import { FLAP_WINDOW } from '../../../../shared/alert-state'
import type { DraftEvent, InstanceRecord, Measurement, Target } from '../model'

const FLAP_START_PCT = 25
const FLAP_STOP_PCT = 10
const OLDEST_WEIGHT = 0.8
const NEWEST_WEIGHT = 1.2

/** Percent state change of '0'/'1' readings, oldest first: each of the 20 possible changes weighs
 *  0.8 (oldest) … 1.2 (newest); a history shorter than the window counts its changes as newest. */
export function flapPercent(history: string): number {
  const h = history.slice(-FLAP_WINDOW)
  const slots = FLAP_WINDOW - 1
  const offset = slots - Math.max(0, h.length - 1)
  let sum = 0
  for (let i = 1; i < h.length; i++) {
    if (h[i] === h[i - 1]) continue
    const pos = offset + i - 1
    sum += OLDEST_WEIGHT + ((NEWEST_WEIGHT - OLDEST_WEIGHT) * pos) / (slots - 1)
  }
  return (sum * 100) / slots
}

function changes(history: string): number {
  let n = 0
  for (let i = 1; i < history.length; i++) if (history[i] !== history[i - 1]) n++
  return n
}

/** The rule was edited (another threshold, margin…): its old history says nothing about the new one. */
export function restartFlapTracking(r: InstanceRecord, fingerprint: string): InstanceRecord {
  const blank = { flapHistory: '', flapping: false, flapAnnounced: false, flapLogged: false }
  return { ...r, fingerprint, ...blank }
}

/** Record one trusted reading: the hysteresis state, its history, and whether it is flapping. */
export function trackFlapping(r: InstanceRecord, m: Measurement): InstanceRecord {
  const raised = m.breach ? true : m.clear ? false : r.raised
  const flapHistory = (r.flapHistory + (raised ? '1' : '0')).slice(-FLAP_WINDOW)
  const pct = flapPercent(flapHistory)
  const flapping = r.flapping ? pct >= FLAP_STOP_PCT : pct > FLAP_START_PCT
  return { ...r, raised, flapHistory, flapping }
}

function flappingEvent(r: InstanceRecord, t: Target, m: Measurement, now: Date): DraftEvent {
  const n = changes(r.flapHistory)
  const message = flappingText(t.symbol, m.subject, n, r.flapHistory.length)
  return draft('flapping', t, now.toISOString(), message, m)
}

export interface Noticed {
  record: InstanceRecord
  draft: DraftEvent | null
}

/** Flapping found inside the cooldown: its event is logged now, once; flapNotice tells it later. */
export function flapFound(r: InstanceRecord, t: Target, m: Measurement, now: Date): Noticed {
  if (!r.flapping) return { record: { ...r, flapLogged: false }, draft: null }
  if (r.flapAnnounced || r.flapLogged) return { record: r, draft: null }
  return { record: { ...r, flapLogged: true }, draft: flappingEvent(r, t, m, now) }
}

/** The notice when flapping starts, and when it stops; only when the cooldown lets one out. */
export function flapNotice(r: InstanceRecord, t: Target, m: Measurement, now: Date): Noticed {
  if (r.flapping && !r.flapAnnounced) {
    return { record: { ...r, flapAnnounced: true }, draft: flappingEvent(r, t, m, now) }
  }
  const record = r.flapping ? r : { ...r, flapLogged: false }
  if (r.flapping || !r.flapAnnounced) return { record, draft: null }
  const state = r.phase === 'firing' ? 'firing' : 'OK'
  const message = flapEndedText(t.symbol, m.subject, state, m.reading)
  return {
    record: { ...record, flapAnnounced: false },
    draft: draft('flap-ended', t, now.toISOString(), message, m),
  }
}
