// A row the tiered poll screened on the bulk series (no detail this poll) keeps the contradictions
// of its last detail: the service said its own change disagrees with its history, and nothing it
// answered since says otherwise. Before, the warning vanished whenever the row was screened, so at
// 1000 symbols it showed about one poll in a hundred.
import { describe, expect, it } from 'vitest'
import { Harness, detail, good } from './helpers'
import type { Observation } from '../../../src/main/engine/alerts/model'

describe('a screened row', () => {
  it('keeps its last detail’s “figures disagree”, saying when that detail was fetched', () => {
    const h = new Harness()
    // The service says −50 % while its own history says 0 %.
    const contradicting = detail('TSLA', { change7d: -0.5 })
    const fetched = h.now.toISOString()
    const first = h.run({ TSLA: good(contradicting, fetched) })
    expect(first.findings.TSLA).toEqual([expect.stringMatching(/^figures disagree: /)])
    const screened: Observation = {
      detail: contradicting,
      error: null,
      fromCache: true,
      fetchedAt: fetched,
      stale: false,
      screened: true,
    }
    const next = h.run({ TSLA: screened })
    expect(next.findings.TSLA).toEqual([
      `${first.findings.TSLA![0]}, in its last full check from 12:00`,
    ])
  })
})
