// ApiCallError.from recovers the kind of anything window.api threw, bridged or not.
import { describe, expect, it } from 'vitest'
import { ApiCallError } from '../../src/shared/api-error'
import { ApiCallError as FromContract } from '../../src/shared/ipc-contract'

describe('ApiCallError', () => {
  it('is the same class from the contract', () => expect(FromContract).toBe(ApiCallError))

  it('round-trips the kind through a message-only copy', () => {
    const thrown = ApiCallError.forBridge({ kind: 'auth', message: 'the API key was refused' })
    expect(thrown.kind).toBe('auth')
    const back = ApiCallError.from(new Error(thrown.message))
    expect(back).toBeInstanceOf(ApiCallError)
    expect([back.kind, back.message]).toEqual(['auth', 'the API key was refused'])
  })

  it('keeps an ApiCallError as is and calls anything else internal', () => {
    expect(ApiCallError.from(new ApiCallError({ kind: 'timeout', message: 't' })).kind).toBe(
      'timeout',
    )
    expect(ApiCallError.from(new Error('[made-up] x'))).toMatchObject({
      kind: 'internal',
      message: '[made-up] x',
    })
    expect(ApiCallError.from('boom')).toMatchObject({ kind: 'internal', message: 'boom' })
  })
})
