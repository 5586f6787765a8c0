// The issuer-drop condition: one issuer's own TVL drop over a window (7 or 30 days), from this
// poll's issuer split against the app's own history (the service keeps only totals over time).
import { z } from 'zod'
import { defineKind } from './kind'

export const issuerDropConditionSchema = z
  .object({
    kind: z.literal('issuer-drop'),
    /** The issuer as the service names it ("Backed"); absent: any issuer of the asset. */
    issuer: z.string().trim().min(1).max(64).optional(),
    window: z.enum(['7d', '30d']),
    /** Percent of the issuer's own TVL, positive: 20 means its TVL fell by 20 % or more. */
    thresholdPct: z.number().positive().max(100),
  })
  .strict()

export type IssuerDropCondition = z.infer<typeof issuerDropConditionSchema>

export const issuerDrop = defineKind({
  kind: 'issuer-drop',
  schema: issuerDropConditionSchema,
  label: 'One issuer’s own TVL drop',
  brief: 'one issuer’s own TVL fell by thresholdPct % or more over 7d or 30d',
  summary:
    'one issuer’s own TVL of the asset fell by at least thresholdPct % over the window (7d or 30d), the underlying’s price move taken out: the named issuer, or any issuer when none is named; an issuer no longer listed counts as fallen to zero. From the app’s own history: until it has recorded a window of figures it is not judged',
  example: { kind: 'issuer-drop', issuer: 'Backed', window: '7d', thresholdPct: 20 },
  override: {
    meaning: (c) => ({
      label: 'Issuer drop (%)',
      ruleValue: c.thresholdPct,
      max: 100,
      whole: false,
      tooBig: 'an issuer cannot lose more than 100 % of its TVL',
    }),
    apply: (c, t) => ({ ...c, thresholdPct: t }),
  },
  rearmUnit: '% points',
  describe: (c) =>
    `${c.window} drop of ${c.issuer === undefined ? 'any issuer' : `issuer ${c.issuer}`} ≥ ${c.thresholdPct} % of its own TVL`,
  valueUnit: 'signed-pct',
  direction: () => 'down',
  thresholdText: (_c, t, f) => `−${f.num(t)} %`,
  editor: {
    toForm: (c) => ({ window: c.window, thresholdPct: c.thresholdPct, issuer: c.issuer ?? '' }),
    fromForm: (f) => {
      const issuer = f.issuer.trim()
      return {
        kind: 'issuer-drop' as const,
        ...(issuer ? { issuer } : {}),
        window: f.window,
        thresholdPct: Number(f.thresholdPct),
      }
    },
  },
})
