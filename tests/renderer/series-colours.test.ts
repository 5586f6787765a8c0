// Colours by name: the same name gets the same colour whatever order or chart lists it, names of
// one chart never share a colour (collisions take the next free slot), "Others" is muted.
import { describe, expect, it } from 'vitest'
import { colourSlots, nameColours, nameHash } from '../../src/renderer/src/charts/series-colours'

const palette = Array.from({ length: 10 }, (_, i) => `#00000${i}`)
const colors = { text: '#000', muted: '#777', grid: '#ccc', surface: '#fff', palette }
const issuers = ['Backed', 'Ondo', 'Robinhood', 'Dinari', 'Swarm', 'Kinesis', 'Tether', 'Paxos']

describe('nameColours', () => {
  it('gives a name the same colour whatever the order of the names', () => {
    const a = nameColours(issuers, colors)
    const b = nameColours([...issuers].reverse(), colors)
    for (const n of issuers) expect(a(n)).toBe(b(n))
  })

  it('gives the names of one chart distinct colours, within the palette while it lasts', () => {
    const colourOf = nameColours(issuers, colors)
    const used = issuers.map(colourOf)
    expect(new Set(used).size).toBe(issuers.length)
    for (const c of used) expect(palette).toContain(c)
    // Never the grey slot (--series-9), which reads as "Others".
    expect(used).not.toContain(palette[8])
    const many = Array.from({ length: 30 }, (_, i) => `Issuer ${i}`)
    expect(new Set([...colourSlots(many).values()]).size).toBe(30)
    expect(new Set(many.map(nameColours(many, colors))).size).toBe(30)
  })

  it('keeps a name in its own slot (its hash) unless a name before it in order holds it', () => {
    const slots = colourSlots(issuers)
    const sorted = [...issuers].sort()
    for (const [i, n] of sorted.entries()) {
      const home = nameHash(n) % 9
      const heldBefore = sorted.slice(0, i).some((m) => nameHash(m) % 9 === home)
      if (!heldBefore) expect(slots.get(n), n).toBe(home)
    }
    // Case and outer spaces name the same issuer.
    expect(nameColours([' swarm '], colors)(' swarm ')).toBe(
      nameColours(['Swarm'], colors)('Swarm'),
    )
  })

  it('draws "Others" in the muted tone', () => {
    expect(nameColours(['Others', 'Swarm'], colors)('Others')).toBe('#777')
  })
})
