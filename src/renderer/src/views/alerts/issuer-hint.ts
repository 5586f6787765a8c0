// What the issuer-drop editor says about the typed issuer: the issuers the service lists for the
// rule's symbols (the field's suggestions) and, in plain words, which symbols have no such issuer.
// Names match exactly, as the engine matches them (alerts/conditions/issuer-drop.ts).
import { joinNames } from '../../../../shared/plain-list'

/** The issuers listed for each symbol looked up so far (symbol → issuer names). */
export type IssuersBySymbol = ReadonlyMap<string, readonly string[]>

export interface IssuerHint {
  /** Every issuer listed for the symbols looked up, sorted: the field's suggestions. */
  options: string[]
  /** About the typed issuer; null when the field is empty, nothing is looked up yet, or every symbol lists it. */
  note: string | null
  /** No symbol looked up lists the typed issuer: the rule cannot judge any of them. */
  unlisted: boolean
}

/** Named one by one up to this many, then "and N others". */
const MAX_NAMED = 5

function someOf(symbols: readonly string[]): string {
  if (symbols.length <= MAX_NAMED) return joinNames(symbols)
  const rest = symbols.length - (MAX_NAMED - 1)
  return `${symbols.slice(0, MAX_NAMED - 1).join(', ')} and ${rest} others`
}

export function issuerHint(
  typed: string,
  listed: IssuersBySymbol,
  /** The rule's symbols, in order; those not in `listed` (not looked up, or unknown) are left out. */
  inScope: readonly string[],
): IssuerHint {
  const looked = inScope.filter((s) => listed.has(s))
  const options = [...new Set(looked.flatMap((s) => listed.get(s) ?? []))].sort((a, b) =>
    a.localeCompare(b),
  )
  const name = typed.trim()
  if (!name || looked.length === 0) return { options, note: null, unlisted: false }
  const without = looked.filter((s) => !listed.get(s)?.includes(name))
  if (without.length === 0) return { options, note: null, unlisted: false }
  if (without.length < looked.length) {
    const verb = without.length === 1 ? 'has' : 'have'
    const them = without.length === 1 ? 'it' : 'them'
    return {
      options,
      note: `${someOf(without)} ${verb} no issuer ${name}: the rule does not judge ${them}.`,
      unlisted: false,
    }
  }
  const near = options.find((o) => o.toLowerCase() === name.toLowerCase())
  const which =
    looked.length === inScope.length
      ? looked.length === 1
        ? `${looked[0]} has no issuer`
        : `None of this rule’s symbols has an issuer`
      : `None of the ${looked.length} of this rule’s ${inScope.length} symbols looked up has an issuer`
  const listedNames = near
    ? `: did you mean ${near}? Names must match exactly`
    : ` (listed: ${joinNames(options)})`
  return {
    options,
    note: `${which} named “${name}”${listedNames}. The rule cannot judge ${looked.length === 1 ? 'it' : 'them'} until one does.`,
    unlisted: true,
  }
}
