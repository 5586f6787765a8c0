// The issuer-drop condition: one issuer's own TVL drop over a window. Its schema is in
// shared/issuer-drop-condition.ts.
import { issuerDropConditionSchema } from '../issuer-drop-condition'
import { defineKind } from './kind'

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
