// The alert engine's public surface, for the core.
export { computeChange, largestShare, type LargestShare } from './change'
export { evaluateCycle, type CycleInput, type CycleResult } from './evaluate'
export { freshState, type AlertEngineState } from './engine-state'
export type { Observation } from './reading'
export type { NotifyPrefs } from './quiet-hours'
export {
  AlertStateStore,
  ALERT_STATE_FILE,
  DEFAULT_MAX_HISTORY,
  type AlertStateStoreOptions,
  type HistoryFilter,
} from './alert-state-store'
