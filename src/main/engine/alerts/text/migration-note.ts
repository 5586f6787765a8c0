// What ignoreMigrations makes of the window's issuer moves for a TVL drop rule. A move between
// issuers leaves the asset's total where it was, so a drop of the total is never a migration by
// itself: the drop is ignored only when the app's own issuer figures show the moves were a
// migration AND that those figures (in dollars, price included) did not drop by the threshold —
// the service's total then disagrees with its own issuers. A real loss, by the app's own figures,
// always fires: the option can never hide liquidity leaving the asset.
import { pctChange } from '../../../../shared/change'
import type { IssuerWindow } from '../model'
import { formatPct, formatSignedPct } from './format'

export interface MigrationNote {
  /** The drop is explained by a migration: it does not fire. */
  ignore: boolean
  /** For the instance status: what was found, in plain words. */
  text: string
  /** Appended to the headline of a drop that fires: " (issuers: … exit …)" (empty: nothing to add). */
  headline: string
}

const total = (parts: readonly { tvl: number }[]): number => parts.reduce((s, p) => s + p.tvl, 0)

export function migrationNote(w: IssuerWindow | undefined, thresholdPct: number): MigrationNote {
  if (w === undefined)
    return {
      ignore: false,
      text: 'migrations not told apart: the app keeps no history of figures here',
      headline: '',
    }
  if (w.kind === 'unknown')
    return { ignore: false, text: `migrations not told apart (${w.reason})`, headline: '' }
  const m = w.moves
  if (m.kind === 'none') return { ignore: false, text: `issuers: ${m.text}`, headline: '' }
  if (m.kind !== 'migration')
    return { ignore: false, text: `not a migration: ${m.text}`, headline: ` (issuers: ${m.text})` }
  const then = total(w.then)
  const own = then > 0 ? pctChange(then, total(w.now)) : 0
  if (-own >= thresholdPct)
    return {
      ignore: false,
      text: `not ignored: besides the migration, the issuers' own TVL fell ${formatPct(-own)}: ${m.text}`,
      headline: ` (issuers' own TVL down ${formatPct(-own)} besides a migration: ${m.text})`,
    }
  return {
    ignore: true,
    text: `ignored as a migration: the issuers' own TVL changed ${formatSignedPct(own)} (${m.text})`,
    headline: '',
  }
}
