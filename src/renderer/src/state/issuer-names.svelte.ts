// The issuers (and networks) the service lists for each symbol, for the rule editor's issuer and
// network fields: from the
// asset detail (IPC getAsset, as the asset view loads it). Each lookup is a request to the service,
// so each symbol is asked once per editor and at most MAX_ISSUER_LOOKUPS of a rule's symbols.
import { SvelteMap, SvelteSet } from 'svelte/reactivity'
import { api } from '../lib/api'

export const MAX_ISSUER_LOOKUPS = 20

export class IssuerNames {
  /** Symbol → the issuer names its detail lists; symbols not (yet) answered are absent. */
  readonly listed = new SvelteMap<string, string[]>()
  /** Symbol → the networks its issuers list (pool-count rules name one). */
  readonly networks = new SvelteMap<string, string[]>()
  /** Symbols whose lookup failed: unknown to the service, or offline without a cached copy. */
  readonly failed = new SvelteSet<string>()
  private readonly asked = new SvelteSet<string>()

  lookUp(symbols: readonly string[]): void {
    for (const symbol of symbols.slice(0, MAX_ISSUER_LOOKUPS)) {
      if (this.asked.has(symbol)) continue
      this.asked.add(symbol)
      api()
        .getAsset(symbol)
        .then(
          (view) => {
            this.listed.set(
              symbol,
              view.data.issuers.map((i) => i.name),
            )
            const nets = view.data.issuers.flatMap((i) => i.networks.map((n) => n.network))
            this.networks.set(
              symbol,
              nets.filter((n, k) => nets.indexOf(n) === k),
            )
          },
          // Unknown to the service, or offline without a cached copy: no suggestions from it,
          // and no claim about it either (issuerHint counts only the symbols answered).
          () => {
            this.failed.add(symbol)
          },
        )
    }
  }
}
