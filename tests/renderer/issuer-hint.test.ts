// The issuer-drop editor's suggestions and its words about the typed issuer, from the issuers the
// service lists for each of the rule's symbols: exact names, as the engine matches them.
import { describe, expect, it } from 'vitest'
import { issuerHint } from '../../src/renderer/src/views/alerts/issuer-hint'

const listed = new Map([
  ['TSLA', ['Backed', 'Ondo', 'Robinhood']],
  ['NVDA', ['Ondo', 'Backed']],
  ['GOLD', ['Tether', 'Paxos']],
])

describe('issuerHint', () => {
  it('suggests every issuer of the symbols looked up, once each, sorted', () => {
    expect(issuerHint('', listed, ['TSLA', 'NVDA', 'GOLD']).options).toEqual([
      'Backed',
      'Ondo',
      'Paxos',
      'Robinhood',
      'Tether',
    ])
  })

  it('says nothing while the field is empty or nothing has been looked up yet', () => {
    expect(issuerHint('  ', listed, ['TSLA'])).toMatchObject({ note: null, unlisted: false })
    expect(issuerHint('Backed', new Map(), ['TSLA'])).toEqual({
      options: [],
      note: null,
      unlisted: false,
    })
  })

  it('says nothing when every symbol lists the issuer', () => {
    expect(issuerHint('Backed', listed, ['TSLA', 'NVDA']).note).toBeNull()
  })

  it('names the symbols without the issuer', () => {
    expect(issuerHint('Backed', listed, ['TSLA', 'NVDA', 'GOLD'])).toMatchObject({
      note: 'GOLD has no issuer Backed: the rule does not judge it.',
      unlisted: false,
    })
    expect(issuerHint('Robinhood', listed, ['TSLA', 'NVDA', 'GOLD']).note).toBe(
      'NVDA and GOLD have no issuer Robinhood: the rule does not judge them.',
    )
  })

  it('says plainly when no symbol lists it, with the names that are listed', () => {
    expect(issuerHint('Backd', listed, ['TSLA', 'GOLD'])).toEqual({
      options: ['Backed', 'Ondo', 'Paxos', 'Robinhood', 'Tether'],
      note: 'None of this rule’s symbols has an issuer named “Backd” (listed: Backed, Ondo, Paxos, Robinhood and Tether). The rule cannot judge them until one does.',
      unlisted: true,
    })
    expect(issuerHint('Backed', listed, ['GOLD']).note).toBe(
      'GOLD has no issuer named “Backed” (listed: Paxos and Tether). The rule cannot judge it until one does.',
    )
  })

  it('offers the listed name that differs only in case (the engine matches exactly)', () => {
    expect(issuerHint('backed', listed, ['TSLA', 'NVDA']).note).toBe(
      'None of this rule’s symbols has an issuer named “backed”: did you mean Backed? Names must match exactly. The rule cannot judge them until one does.',
    )
  })

  it('counts only the symbols looked up when not all were', () => {
    expect(issuerHint('Nobody', listed, ['TSLA', 'NVDA', 'AAPL', 'MSFT']).note).toMatch(
      /^None of the 2 of this rule’s 4 symbols looked up has an issuer named “Nobody”/,
    )
  })
})
