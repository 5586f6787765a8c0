// What ignoreMigrations makes of the window's issuer moves for a TVL drop rule: ignore the drop
// (a migration), or judge it as usual and say why (an exit or mixed move; history too short).
import type { IssuerWindow } from '../history/issuer-window'

export interface MigrationNote {
  /** The window's moves are a migration: the drop does not fire. */
  ignore: boolean
  /** For the instance status: what was found, in plain words. */
  text: string
  /** Appended to the headline of a drop that fires: "; issuers: … exit …" (empty: nothing to add). */
  headline: string
}

export function migrationNote(w: IssuerWindow | undefined): MigrationNote {
  if (w === undefined)
    return {
      ignore: false,
      text: 'migrations not told apart: the app keeps no history of figures here',
      headline: '',
    }
  if (w.kind === 'unknown')
    return { ignore: false, text: `migrations not told apart (${w.reason})`, headline: '' }
  const m = w.moves
  if (m.kind === 'migration')
    return { ignore: true, text: `ignored as a migration: ${m.text}`, headline: '' }
  if (m.kind === 'none') return { ignore: false, text: `issuers: ${m.text}`, headline: '' }
  return { ignore: false, text: `not a migration: ${m.text}`, headline: ` (issuers: ${m.text})` }
}
