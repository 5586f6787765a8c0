// The tooltips' definitions say what the app computes: the HHI bands named in the text are the
// ones hhi.ts applies (read from the text, checked at their edges).
import { describe, expect, it } from 'vitest'
import { hhiBand } from '../../src/shared/hhi'
import { METRICS } from '../../src/shared/metric-definitions'

const num = (s: string): number => Number(s.replace(/[^\d]/g, ''))

describe('metric definitions', () => {
  it('the HHI tooltip names the bands the app applies', () => {
    const text = METRICS.hhi.definition
    const low = /(?:under|below) ([\d,  ]+?) unconcentrated/i.exec(text)
    const high = /(?:over|above) ([\d,  ]+?) highly concentrated/i.exec(text)
    expect(low, text).not.toBeNull()
    expect(high, text).not.toBeNull()
    const from = num(low![1]!)
    const above = num(high![1]!)
    expect(hhiBand(from - 1)).toBe('unconcentrated')
    expect(hhiBand(from)).toBe('moderately concentrated')
    expect(hhiBand(above)).toBe('moderately concentrated')
    expect(hhiBand(above + 1)).toBe('highly concentrated')
  })
})
