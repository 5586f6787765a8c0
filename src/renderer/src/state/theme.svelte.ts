// Follows the OS light/dark setting; charts read colours from the CSS design tokens.
export interface ChartColors {
  text: string
  muted: string
  grid: string
  surface: string
  palette: string[]
}

function token(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim()
}

export class Theme {
  #dark = $state(false)

  get dark(): boolean {
    return this.#dark
  }

  start(): () => void {
    const mq = window.matchMedia('(prefers-color-scheme: dark)')
    this.#dark = mq.matches
    const onChange = (e: MediaQueryListEvent): void => {
      this.#dark = e.matches
    }
    mq.addEventListener('change', onChange)
    return () => mq.removeEventListener('change', onChange)
  }

  /** Read after #dark so callers re-run when the scheme flips. */
  get colors(): ChartColors {
    void this.#dark
    return {
      text: token('--text'),
      muted: token('--text-muted'),
      grid: token('--border'),
      surface: token('--surface'),
      palette: Array.from({ length: 10 }, (_, i) => token(`--series-${i + 1}`)),
    }
  }
}
