import { describe, expect, it } from 'vitest'
import {
  localClock,
  localMinuteOfDay,
  localWhen,
  utcTime,
  type UtcOffset,
} from '../../src/shared/local-time'

const cet: UtcOffset = () => 60
const newYork: UtcOffset = () => -300

describe('local time in messages', () => {
  const at = new Date('2025-03-02T23:30:00.000Z')

  it('reads the wall clock of the injected zone', () => {
    expect(localClock(at, utcTime)).toBe('23:30')
    expect(localClock(at, cet)).toBe('00:30')
    expect(localClock(at, newYork)).toBe('18:30')
    expect(localMinuteOfDay(at, cet)).toBe(30)
    expect(localMinuteOfDay(at, newYork)).toBe(18 * 60 + 30)
  })

  it('adds the local date only on another local day', () => {
    const now = new Date('2025-03-03T08:00:00.000Z')
    expect(localWhen(at, now, utcTime)).toBe('2025-03-02 23:30')
    // 00:30 on 3 March in CET: the same local day as 09:00 CET.
    expect(localWhen(at, now, cet)).toBe('00:30')
    expect(localWhen(at, now, newYork)).toBe('2025-03-02 18:30')
  })
})
