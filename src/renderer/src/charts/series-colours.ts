// One colour per issuer, network or symbol across every chart and table: chosen by the name, not by
// its position in a chart, so Swarm is the same colour in "Issuer split" and "Issuers over time".
// The colours are the theme's palette tokens (--series-*, each legible in its own theme).
import { OTHERS } from '../../../shared/asset-shares'

/** What colouring needs of the theme's ChartColors (state/theme.svelte.ts). */
export interface SeriesPalette {
  /** "Others". */
  muted: string
  /** --series-1 … --series-10. */
  palette: readonly string[]
}

// Palette slots names take: all but the grey (--series-9), which would read as "Others".
const NAMED_SLOTS = [0, 1, 2, 3, 4, 5, 6, 7, 9]

/** FNV-1a over the name as people see it (case and outer spaces do not make another issuer). */
export function nameHash(name: string): number {
  const key = name.trim().toLowerCase()
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/**
 * Each name's palette slot. A name takes its own slot (its hash) when no other name of the same
 * chart holds it; names that collide take the next free slot. Names are settled in sorted order so
 * the result does not depend on the order a chart lists them in; past the palette, slots run on
 * (colourOf gives those a hue of their own).
 */
export function colourSlots(names: Iterable<string>): Map<string, number> {
  const unique = [...new Set(names)].filter((n) => n !== OTHERS).sort()
  const size = NAMED_SLOTS.length
  const out = new Map<string, number>()
  const taken = new Set<number>()
  const later: string[] = []
  for (const name of unique) {
    const home = nameHash(name) % size
    if (taken.has(home)) later.push(name)
    else {
      out.set(name, home)
      taken.add(home)
    }
  }
  for (const name of later) {
    let slot = nameHash(name) % size
    // Probe the palette, then beyond it (more names than colours).
    for (let tries = 0; taken.has(slot); tries++) {
      slot = tries < size ? (slot + 1) % size : size + tries
    }
    out.set(name, slot)
    taken.add(slot)
  }
  return out
}

function slotColour(c: SeriesPalette, slot: number, name: string): string {
  const token = slot < NAMED_SLOTS.length ? c.palette[NAMED_SLOTS[slot]!] : undefined
  // Past the palette (or without one): hues spread by the golden angle (one per slot, so never
  // the same twice in a chart), mid lightness reads on both themes.
  const hue = slot < NAMED_SLOTS.length ? nameHash(name) % 360 : Math.round((slot * 137.508) % 360)
  return token || `hsl(${hue} 62% 52%)`
}

/**
 * The colour of each name among `names` (the series of one chart, or every name of a view so
 * neighbouring charts agree); "Others" in the muted tone. A name not among `names` gets its own
 * slot's colour.
 */
export function nameColours(names: Iterable<string>, c: SeriesPalette): (name: string) => string {
  const slots = colourSlots(names)
  return (name) => {
    if (name === OTHERS) return c.muted
    return slotColour(c, slots.get(name) ?? nameHash(name) % NAMED_SLOTS.length, name)
  }
}
