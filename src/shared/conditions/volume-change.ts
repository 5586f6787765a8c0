// The volume-change condition: the daily volume fell (or rose) by thresholdPct % or more against
// its own average of the previous baselineDays days. Volume drying up is the liquidity signal
// TVL shows last. The editor's generic form serves it (no fields component).
import { z } from 'zod'
import { defineKind, signedThreshold } from './kind'

export const volumeChangeConditionSchema = z
  .object({
    kind: z.literal('volume-change'),
    direction: z.enum(['down', 'up']),
    /** Percent, positive: 50 means the day's volume is half its average or less (or 1.5× for up). */
    thresholdPct: z.number().positive().max(1000),
    /** Days before the judged day whose average volume is the baseline. */
    baselineDays: z.number().int().min(2).max(365).default(30),
  })
  .strict()

const word = (d: 'down' | 'up'): string => (d === 'down' ? 'drop' : 'rise')

export const volumeChange = defineKind({
  kind: 'volume-change',
  schema: volumeChangeConditionSchema,
  label: 'Trading volume change (against its own average)',
  brief:
    'daily volume fell (or rose) by thresholdPct % or more against its baselineDays-day average',
  summary:
    'the day’s trading volume fell (or rose) by at least thresholdPct % against its own average over the previous baselineDays days (default 30), from the service’s daily series: volume drying up is a liquidity signal TVL shows last; until the series has half the baseline days it is not judged',
  example: { kind: 'volume-change', direction: 'down', thresholdPct: 50, baselineDays: 30 },
  override: {
    meaning: (c) => ({
      label: `Volume ${word(c.direction)} (%)`,
      ruleValue: c.thresholdPct,
      max: 1000,
      whole: false,
      tooBig: 'a change threshold can be at most 1,000 %',
    }),
    apply: (c, t) => ({ ...c, thresholdPct: t }),
  },
  rearmUnit: '% points',
  describe: (c) =>
    `volume ${word(c.direction)} ≥ ${c.thresholdPct} % against its ${c.baselineDays}-day average`,
  valueUnit: 'signed-pct',
  direction: (c) => c.direction,
  thresholdText: signedThreshold,
  editor: {
    fields: [
      {
        key: 'direction',
        label: 'Direction',
        type: 'select',
        options: [
          { value: 'down', label: 'Drop' },
          { value: 'up', label: 'Rise' },
        ],
        default: 'down',
      },
      {
        key: 'thresholdPct',
        label: 'Threshold (%)',
        type: 'number',
        min: 1,
        max: 1000,
        step: 1,
        default: 50,
      },
      {
        key: 'baselineDays',
        label: 'Average over (days)',
        type: 'number',
        min: 2,
        max: 365,
        step: 1,
        default: 30,
      },
    ],
  },
})
