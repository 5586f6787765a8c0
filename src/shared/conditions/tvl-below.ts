// The tvl-below condition: total TVL below an amount in US dollars.
import { z } from 'zod'
import { defineKind } from './kind'

export const tvlBelowConditionSchema = z
  .object({ kind: z.literal('tvl-below'), amount: z.number().positive() })
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
      max: Number.MAX_SAFE_INTEGER,
      whole: false,
      tooBig: 'the amount is too large',
    }),
    apply: (c, t) => ({ ...c, amount: t }),
  },
  rearmUnit: '% of the amount',
  describe: (c, f) => `TVL below ${f.money(c.amount)}`,
  valueUnit: 'money',
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
