// The issuer and network names an asset view colours: today's (the split charts) and its
// history's, so every chart of the view settles colours over the same names (series-colours.ts).
import { OTHERS, type ShareHistory } from '../../../../shared/asset-shares'

export interface SplitNames {
  issuer: readonly string[]
  network: readonly string[]
}

/** The names a share history holds: its own series and those summed into "Others". */
export function namesIn(h: ShareHistory): string[] {
  return [...h.parts.map((p) => p.name).filter((n) => n !== OTHERS), ...h.others]
}

/** Today's names and the history's, each once. */
export function allNames(now: SplitNames, history: SplitNames): SplitNames {
  return {
    issuer: [...new Set([...now.issuer, ...history.issuer])],
    network: [...new Set([...now.network, ...history.network])],
  }
}
