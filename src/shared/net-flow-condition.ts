// The net-flow condition: fires on the net flow of tokens over a window (TVL with the underlying's
// price move taken out, shared/flow.ts), so a falling share price alone does not page. Judged from
// the app's own history: without a week (or month) of it, or without a price, it is not judged.
import { z } from 'zod'

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
