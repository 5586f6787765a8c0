// The tvl-change condition: TVL fell (or rose) by thresholdPct % or more over 7 or 30 days.
import { z } from 'zod'
import { CHANGE_WINDOWS, defineKind, signedThreshold } from './kind'

export const tvlChangeConditionSchema = z
  .object({
    kind: z.literal('tvl-change'),
    window: z.enum(CHANGE_WINDOWS),
    direction: z.enum(['down', 'up']),
    /** Percent, positive: 10 means a 10 % drop (or rise). */
    thresholdPct: z.number().positive().max(1000),
    /**
     * A drop does not fire while the window's issuer moves are a migration (other issuers' rises
     * offset at least 90 % of the falls, shared/issuer-moves.ts); an exit or a mixed move fires.
     * Optional: rules saved before it load unchanged (absent = false).
     */
    ignoreMigrations: z.boolean().optional(),
  })
  .strict()

export const tvlChange = defineKind({
  kind: 'tvl-change',
  schema: tvlChangeConditionSchema,
  label: 'TVL change',
  brief: 'TVL fell (or rose) by thresholdPct % or more over 7d or 30d',
  summary:
    'TVL fell (or rose) by at least thresholdPct % over the window (7d or 30d), from the service’s history; with ignoreMigrations (a safeguard for when the service’s total and its issuers disagree): a move between issuers leaves the total where it was, so it never fires this rule by itself; with the option, a drop the service reports is not fired when the app’s own issuer figures over the window show a migration (other issuers’ rises offset at least 90 % of the falls) and no fall of the threshold. A real loss, an exit or a mixed move still fires',
  example: {
    kind: 'tvl-change' as const,
    window: '7d',
    direction: 'down',
    thresholdPct: 10,
    ignoreMigrations: true,
  },
  override: {
    meaning: (c) => ({
      label: `${c.direction === 'down' ? 'Drop' : 'Rise'} (%)`,
      ruleValue: c.thresholdPct,
      max: 1000,
      whole: false,
      tooBig: 'a change threshold can be at most 1,000 %',
    }),
    apply: (c, t) => ({ ...c, thresholdPct: t }),
  },
  rearmUnit: '% points',
  describe: (c) =>
    `${c.window} TVL ${c.direction === 'down' ? 'drop' : 'rise'} ≥ ${c.thresholdPct} %${c.ignoreMigrations ? ' (migrations between issuers ignored)' : ''}`,
  valueUnit: 'signed-pct',
  direction: (c) => c.direction,
  thresholdText: signedThreshold,
  editor: {
    toForm: (c) => ({
      window: c.window,
      direction: c.direction,
      thresholdPct: c.thresholdPct,
      ignoreMigrations: c.ignoreMigrations === true,
    }),
    fromForm: (f) => ({
      kind: 'tvl-change' as const,
      window: f.window,
      direction: f.direction,
      thresholdPct: Number(f.thresholdPct),
      // Only on drops, and only when set: rules saved without it stay as they were.
      ...(f.ignoreMigrations && f.direction === 'down' ? { ignoreMigrations: true } : {}),
    }),
  },
})
