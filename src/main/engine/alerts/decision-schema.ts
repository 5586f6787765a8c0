// The schema a stored notification decision is checked against (the notification log's file).
// Entries written before notes existed read with an empty note; the views fall back to the reason.
import { z } from 'zod'
import {
  HOLD_REASONS,
  SUPPRESS_REASONS,
  type NotificationDecision,
} from '../../../shared/alert-rules'

const eventIds = z.array(z.string())
const note = z.string().default('')

export const notificationDecisionSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('sent'),
    title: z.string(),
    body: z.string(),
    symbol: z.string().nullable(),
    eventIds,
  }),
  z.object({
    status: z.literal('held'),
    reason: z.enum(HOLD_REASONS),
    note,
    title: z.string(),
    body: z.string(),
    eventIds,
  }),
  z.object({
    status: z.literal('suppressed'),
    reason: z.enum(SUPPRESS_REASONS),
    note,
    eventIds,
  }),
]) satisfies z.ZodType<NotificationDecision, unknown>
