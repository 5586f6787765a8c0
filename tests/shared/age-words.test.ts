// One way to say how old something is, for the app's banner and the CLI's notes alike.
import { describe, expect, it } from 'vitest'
import { ageWords, durationWords } from '../../src/shared/age-words'

const MIN = 60_000

describe('ageWords', () => {
  it('says just now under a minute (a clock a little behind too), then min, h and d', () => {
    expect(ageWords(-5_000)).toBe('just now')
    expect(ageWords(59_000)).toBe('just now')
    expect(ageWords(8 * MIN)).toBe('8 min ago')
    expect(ageWords(90 * MIN)).toBe('1.5 h ago')
    expect(ageWords(47 * 60 * MIN)).toBe('47 h ago')
    expect(ageWords(72 * 60 * MIN)).toBe('3 d ago')
  })

  it('writes the numbers the surface’s way', () => {
    const d = { int: (v: number) => `<${v}>`, num: (v: number) => v.toFixed(1).replace('.', ',') }
    expect(durationWords(12 * MIN, d)).toBe('<12> min')
    expect(ageWords(90 * MIN, d)).toBe('1,5 h ago')
  })
})
