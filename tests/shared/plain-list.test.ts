import { describe, expect, it } from 'vitest'
import { joinNames } from '../../src/shared/plain-list'

describe('joinNames', () => {
  it('lists none, one, two and more in plain words', () => {
    expect(joinNames([])).toBe('')
    expect(joinNames(['Ondo'])).toBe('Ondo')
    expect(joinNames(['Ondo', 'Swarm'])).toBe('Ondo and Swarm')
    expect(joinNames(['Ondo', 'Swarm', 'Dinari'])).toBe('Ondo, Swarm and Dinari')
  })
})
