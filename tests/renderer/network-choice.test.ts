// The pool-count editor's network: chosen from the networks the rule's symbols list; typed, with a
// warning, only when none could be looked up; Save refused only when every symbol was looked up.
import { describe, expect, it } from 'vitest'
import { networkChoice } from '../../src/renderer/src/views/alerts/network-choice'

const listed = new Map([
  ['TSLA', ['ethereum', 'solana']],
  ['NVDA', ['ethereum', 'arbitrum']],
])
const none = new Set<string>()

describe('networkChoice', () => {
  it('offers the listed networks, once each, sorted; a listed one is fine', () => {
    const c = networkChoice('ethereum', listed, none, ['TSLA', 'NVDA'], 20)
    expect(c).toEqual({
      options: ['arbitrum', 'ethereum', 'solana'],
      mode: 'choose',
      unlisted: false,
      note: null,
      refusal: null,
    })
  })

  it('refuses a network no symbol lists, naming those there are', () => {
    const c = networkChoice('ethreum', listed, none, ['TSLA', 'NVDA'], 20)
    expect(c.unlisted).toBe(true)
    expect(c.refusal).toBe(
      'No watched asset lists the network “ethreum”, so the rule would never judge it: they list arbitrum, ethereum and solana.',
    )
  })

  it('warns but does not refuse while some symbols are not looked up (or beyond the lookups)', () => {
    const waiting = networkChoice('ethreum', listed, none, ['TSLA', 'NVDA', 'AAPL'], 20)
    expect(waiting.note).toMatch(/ethreum/)
    expect(waiting.refusal).toBeNull()
    expect(networkChoice('ethreum', listed, none, ['TSLA', 'NVDA'], 1).refusal).toBeNull()
    // A symbol unknown to the service lists nothing: the list is complete without it.
    expect(networkChoice('ethreum', listed, new Set(['XXX']), ['TSLA', 'XXX'], 20).refusal).toMatch(
      /they list ethereum and solana/,
    )
  })

  it('typed, with a plain warning, when no symbol could be looked up (offline)', () => {
    const c = networkChoice('ethreum', new Map(), new Set(['TSLA']), ['TSLA'], 20)
    expect(c.mode).toBe('type')
    expect(c.note).toMatch(/could not be looked up: type the name exactly/)
    expect(c.refusal).toBeNull()
    // Before any answer: nothing said yet.
    expect(networkChoice('x', new Map(), none, ['TSLA'], 20).note).toBeNull()
  })
})
