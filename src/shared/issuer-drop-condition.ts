// The issuer-drop condition: fires on one issuer's own TVL drop over a window (7 or 30 days), from
// this poll's issuer split against the app's own history (the service keeps only totals over
// time). Without a window of history it is not judged, with the plain reason (as net-flow).
import { z } from 'zod'

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
