// The tvl-below condition: total TVL below an amount in US dollars.
import { z } from 'zod'
import { MAX_MONEY } from '../response-sanity'
import { defineKind } from './kind'

// At most MAX_MONEY (more than all the wealth in the world): a larger floor is a typo.
export const tvlBelowConditionSchema = z
  .object({ kind: z.literal('tvl-below'), amount: z.number().positive().max(MAX_MONEY) })
  .strict()

export const tvlBelow = defineKind({
  kind: 'tvl-below',
  schema: tvlBelowConditionSchema,
  label: 'TVL below amount',
  brief: 'total TVL is below amount (US dollars)',
  summary: 'total TVL is below amount (US dollars)',
  example: { kind: 'tvl-below', amount: 1_000_000 },
  override: {
    meaning: (c) => ({
      label: 'Below (USD)',
      ruleValue: c.amount,
      max: MAX_MONEY,
      whole: false,
      tooBig: 'the amount is too large',
    }),
    apply: (c, t) => ({ ...c, amount: t }),
  },
  rearmUnit: '% of the amount',
  describe: (c, f) => `TVL below ${f.money(c.amount)}`,
  valueUnit: 'money',
  direction: () => 'down',
  thresholdText: (_c, t, f) => `below ${f.money(t)}`,
  editor: {
    fields: [
      {
        key: 'amount',
        label: 'Amount (USD)',
        type: 'number',
        min: 1,
        step: 'any',
        default: 1_000_000,
      },
    ],
  },
})
