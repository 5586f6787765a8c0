// What the pool-count editor offers and says about its network: a choice of the networks the
// rule's symbols list (their asset details), since a misspelt network ("ethreum") is never judged.
// When no symbol could be looked up (offline, no cached copy), the name is typed, with a warning.
import { joinNames } from '../../../../shared/plain-list'

export interface NetworkChoice {
  /** The networks listed by the symbols answered so far, sorted. */
  options: string[]
  /** 'choose': a list of `options`; 'type': free text (nothing could be looked up). */
  mode: 'choose' | 'type'
  /** The rule's network is not among `options` (shown in the list, marked). */
  unlisted: boolean
  /** Said under the field; null when there is nothing to say. */
  note: string | null
  /** Why Save is refused: every symbol was looked up and none lists the network. */
  refusal: string | null
}

export function networkChoice(
  typed: string,
  /** Symbol → the networks its detail lists; only symbols answered. */
  listed: ReadonlyMap<string, readonly string[]>,
  /** Symbols whose lookup failed (unknown, or offline without a cached copy). */
  failed: ReadonlySet<string>,
  inScope: readonly string[],
  /** At most this many symbols are looked up: beyond it the list is never complete. */
  maxLookups: number,
): NetworkChoice {
  const answered = inScope.filter((s) => listed.has(s))
  const options = [...new Set(answered.flatMap((s) => listed.get(s) ?? []))].sort((a, b) =>
    a.localeCompare(b),
  )
  const name = typed.trim()
  if (options.length === 0) {
    const tried = inScope.some((s) => failed.has(s))
    const note = tried
      ? 'The networks of these symbols could not be looked up: type the name exactly as the service lists it (e.g. ethereum). A network no asset lists is never judged.'
      : null
    return { options, mode: 'type', unlisted: false, note, refusal: null }
  }
  const unlisted = name !== '' && !options.includes(name)
  if (!unlisted) return { options, mode: 'choose', unlisted, note: null, refusal: null }
  const complete =
    inScope.length <= maxLookups && inScope.every((s) => listed.has(s) || failed.has(s))
  const which = `No watched asset lists the network “${name}”`
  const there = joinNames(options)
  return {
    options,
    mode: 'choose',
    unlisted,
    note: `${which}: the rule would never judge it. Choose one they list: ${there}.`,
    refusal: complete ? `${which}, so the rule would never judge it: they list ${there}.` : null,
  }
}
