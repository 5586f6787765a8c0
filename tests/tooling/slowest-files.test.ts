// npm test ends with the slowest test files (tests/slowest-files.ts, a vitest reporter).
import { describe, expect, it } from 'vitest'
import { slowestLines } from '../slowest-files'

describe('the slowest files at the end of npm test', () => {
  it('lists the 10 slowest, slowest first, in seconds with their project', () => {
    const files = Array.from({ length: 12 }, (_, i) => ({
      file: `tests/f${i}.test.ts`,
      project: i % 2 ? 'browser' : 'node',
      ms: i * 1000 + 250,
    }))
    const lines = slowestLines(files)
    expect(lines).toHaveLength(11)
    expect(lines[0]).toBe('Slowest 10 test files:')
    expect(lines[1]).toBe('    11.3 s  tests/f11.test.ts (browser)')
    expect(lines[10]).toBe('     2.3 s  tests/f2.test.ts (node)')
  })

  it('prints nothing for an empty run', () => {
    expect(slowestLines([])).toEqual([])
  })
})
