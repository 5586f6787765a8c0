// The net-flow condition: the net flow of tokens over a window (TVL with the underlying's price move
// taken out, shared/flow.ts), so a falling share price alone does not page. Judged from the app's
// own history: without a week (or month) of it, or without a price, it is not judged.
import { z } from 'zod'
import { defineKind, signedThreshold } from './kind'

export const netFlowConditionSchema = z
  .object({
    kind: z.literal('net-flow'),
    window: z.enum(['7d', '30d']),
    /** 'down': net outflow (tokens redeemed); 'up': net inflow (tokens minted). */
    direction: z.enum(['down', 'up']),
    /** Percent of the tokens, positive: 10 means a 10 % net outflow (or inflow). */
    thresholdPct: z.number().positive().max(1000),
  })
  .strict()

export type NetFlowCondition = z.infer<typeof netFlowConditionSchema>

export const netFlow = defineKind({
  kind: 'net-flow',
  schema: netFlowConditionSchema,
  label: 'Net flow of tokens (price left out)',
  brief: 'net token flow (price move taken out) fell (or rose) by thresholdPct % or more',
  summary:
    'the net flow of tokens (TVL with the underlying’s price move taken out) fell (or rose) by at least thresholdPct % over the window (7d or 30d), from the app’s own history: a falling share price alone does not fire it; until the app has recorded a window of figures it is not judged',
  example: { kind: 'net-flow', window: '7d', direction: 'down', thresholdPct: 10 },
  override: {
    meaning: (c) => ({
      label: `Net ${c.direction === 'down' ? 'outflow' : 'inflow'} (%)`,
      ruleValue: c.thresholdPct,
      max: 1000,
      whole: false,
      tooBig: 'a change threshold can be at most 1,000 %',
    }),
    apply: (c, t) => ({ ...c, thresholdPct: t }),
  },
  rearmUnit: '% points',
  describe: (c) =>
    `${c.window} net ${c.direction === 'down' ? 'outflow' : 'inflow'} ≥ ${c.thresholdPct} % (price moves left out)`,
  valueUnit: 'signed-pct',
  direction: (c) => c.direction,
  thresholdText: signedThreshold,
  editor: {
    fields: [
      {
        key: 'window',
        label: 'Window',
        type: 'select',
        options: [
          { value: '7d', label: '7 days' },
          { value: '30d', label: '30 days' },
        ],
        default: '7d',
      },
      {
        key: 'direction',
        label: 'Direction',
        type: 'select',
        options: [
          { value: 'down', label: 'Net outflow' },
          { value: 'up', label: 'Net inflow' },
        ],
        default: 'down',
      },
      {
        key: 'thresholdPct',
        label: 'Threshold (%)',
        type: 'number',
        min: 0.1,
        max: 1000,
        step: 0.1,
        default: 10,
      },
    ],
  },
})
