// The net-flow condition: TVL with the underlying's price move taken out. Its schema is in
// shared/net-flow-condition.ts.
import { netFlowConditionSchema } from '../net-flow-condition'
import { defineKind, signedThreshold } from './kind'

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
