// The one vocabulary of connection and data states: which state, and its words on every surface.
import { describe, expect, it } from 'vitest'
import { linkFacts, linkWords, type LinkInputs } from '../../src/shared/link-state'

const words = { time: (iso: string) => iso.slice(11, 16), age: () => '2 h ago' }
const base: LinkInputs = {
  connection: 'online',
  lastError: null,
  lastAttemptAt: '2026-06-02T14:05:00Z',
  dataFrom: '2026-06-02T12:05:00Z',
  failedRows: [],
}
const network = { kind: 'network' as const, message: 'Cannot reach the service.' }

describe('link state', () => {
  it('a poll that got nothing is Offline with the time and age of the data shown, from the first failure on', () => {
    for (const connection of ['degraded', 'offline'] as const) {
      const f = linkFacts({ ...base, connection, lastError: network })
      expect(f.kind).toBe('offline')
      expect(linkWords(f, words)).toEqual({
        label: 'Offline',
        sentence: 'Offline — showing data from 12:05, 2 h ago',
      })
    }
    const none = linkFacts({ ...base, connection: 'offline', lastError: network, dataFrom: null })
    expect(linkWords(none, words).sentence).toBe('Offline — no data has been loaded yet')
  })

  it('some requests failing while others succeed is Degraded, naming which', () => {
    const failedRows = ['TSLA', 'NVDA', 'AAPL', 'GOLD', 'MSFT'].map((symbol) => ({
      symbol,
      error: { kind: 'server' as const, message: 'The service failed (500).' },
    }))
    const f = linkFacts({
      ...base,
      lastError: failedRows[0]!.error,
      failedRows: [...failedRows, { symbol: 'XOM', error: null }],
    })
    expect(f.kind).toBe('degraded')
    expect(linkWords(f, words).sentence).toBe(
      'Degraded — the latest figures of TSLA, NVDA, AAPL and 2 more could not be fetched; the rest are current',
    )
    // Every symbol failing while the bulk figures answer: there is no "rest".
    const all = linkFacts({ ...base, lastError: failedRows[0]!.error, failedRows })
    expect(linkWords(all, words).sentence).toBe(
      'Degraded — the latest figures of every symbol (TSLA, NVDA, AAPL and 2 more) could not be fetched; only the daily figures are current',
    )
    // A row's own failure (an unknown symbol) does not degrade the link.
    const gone = { kind: 'not-found' as const, message: 'No such asset.' }
    expect(linkFacts({ ...base, lastError: gone }).kind).toBe('online')
  })

  it('a rate limit says until when; a key problem and a pause say so; Online says nothing more', () => {
    const limited = linkFacts({
      ...base,
      lastError: { kind: 'rate-limited', message: 'Rate-limited.', retryAfterMs: 30 * 60_000 },
    })
    expect(linkWords(limited, words)).toEqual({
      label: 'Rate-limited until 14:35',
      sentence: 'Rate-limited until 14:35 — showing data from 12:05, 2 h ago',
    })
    const key = linkFacts({ ...base, lastError: { kind: 'auth', message: 'Key refused.' } })
    expect(linkWords(key, words).label).toBe('Key problem')
    expect(linkWords(linkFacts({ ...base, connection: 'paused' }), words).label).toBe(
      'Polling paused',
    )
    expect(linkWords(linkFacts({ ...base, connection: 'idle' }), words).label).toBe('Connecting')
    expect(linkFacts(base)).toMatchObject({ kind: 'online', dataFrom: null, detail: null })
  })
})
