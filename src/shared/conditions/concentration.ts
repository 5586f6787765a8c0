// The concentration condition: the largest issuer's (or network's) share of TVL, or the HHI.
import { z } from 'zod'
import { defineKind } from './kind'

export const concentrationConditionSchema = z
  .object({
    kind: z.literal('concentration'),
    by: z.enum(['issuer', 'network']),
    maxSharePct: z.number().gt(0).max(100),
    /** Also fires above this Herfindahl–Hirschman index (0–10 000; see shared/hhi.ts). */
    maxHhi: z.number().gt(0).max(10_000).optional(),
  })
  .strict()

export const concentration = defineKind({
  kind: 'concentration',
  schema: concentrationConditionSchema,
  label: 'Concentration',
  brief: 'the largest issuer’s (or network’s) share above maxSharePct %, or HHI above maxHhi',
  summary:
    'the largest issuer’s (or network’s) share of TVL is above maxSharePct % (required), or, with maxHhi too, the Herfindahl–Hirschman index is above that (0–10 000; above 1800 is highly concentrated)',
  example: { kind: 'concentration', by: 'issuer', maxSharePct: 80, maxHhi: 5000 },
  override: {
    meaning: (c) => ({
      label: 'Max share (%)',
      ruleValue: c.maxSharePct,
      max: 100,
      whole: false,
      tooBig: 'a share cannot be above 100 %',
    }),
    // A share cannot exceed 100 %; an oversized override just never fires.
    apply: (c, t) => ({ ...c, maxSharePct: t }),
  },
  rearmUnit: '% points',
  describe: (c) =>
    `one ${c.by} > ${c.maxSharePct} % of TVL${c.maxHhi === undefined ? '' : ` or HHI > ${c.maxHhi}`}`,
  valueUnit: 'share-pct',
  direction: () => 'up',
  thresholdText: (c, t, f) =>
    `above ${f.num(t)} %${c.maxHhi === undefined ? '' : ` (or HHI above ${f.num(c.maxHhi)})`}`,
  editor: {
    fields: [
      {
        key: 'by',
        label: 'By',
        type: 'select',
        options: [
          { value: 'issuer', label: 'Issuer' },
          { value: 'network', label: 'Network' },
        ],
        default: 'issuer',
      },
      {
        key: 'maxSharePct',
        label: 'Max share (%)',
        type: 'number',
        min: 1,
        max: 100,
        step: 1,
        default: 80,
      },
      {
        key: 'maxHhi',
        label: 'Max HHI (optional, 0–10,000)',
        type: 'number',
        min: 1,
        max: 10_000,
        step: 100,
        optional: true,
        default: '',
        title:
          'Herfindahl–Hirschman index: above 1,800 is highly concentrated, 1,000–1,800 moderately (U.S. DOJ/FTC Merger Guidelines, 2023). Empty: share only.',
      },
    ],
  },
})
