// Which view is showing; the asset view also remembers its symbol.
import type { View } from '../../../shared/view-models'

export class Router {
  #view = $state<View>('watchlist')
  #symbol = $state<string | null>(null)

  get view(): View {
    return this.#view
  }
  get symbol(): string | null {
    return this.#symbol
  }

  open(view: View, symbol?: string): void {
    if (view === 'asset' && !symbol) view = 'watchlist'
    this.#view = view
    this.#symbol = view === 'asset' ? (symbol ?? null) : this.#symbol
  }
}
