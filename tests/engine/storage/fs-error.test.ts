// File-system failures in plain words, also when a store wrapped the system error in its own.
import { describe, expect, it } from 'vitest'
import { describeFsError } from '../../../src/main/engine/storage/fs-error'
import { LiquidityError } from '../../../src/shared/errors'

const enospc = (): NodeJS.ErrnoException =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })

describe('describeFsError', () => {
  it('words a system code for people and keeps the code', () => {
    expect(describeFsError(enospc())).toBe('the disk is full, code ENOSPC')
    expect(describeFsError(Object.assign(new Error('x'), { code: 'EWHATEVER' }))).toBe('EWHATEVER')
  })

  it('finds the system error under a wrapper (the cache wraps its write errors with their cause)', () => {
    const wrapped = new LiquidityError('storage', 'Could not save the offline cache', {
      cause: new Error('write failed', { cause: enospc() }),
    })
    expect(describeFsError(wrapped)).toBe('the disk is full, code ENOSPC')
  })

  it('an error without a code anywhere gives its own message', () => {
    expect(describeFsError(new Error('outer', { cause: new Error('inner') }))).toBe('outer')
    expect(describeFsError('text')).toBe('text')
  })
})
