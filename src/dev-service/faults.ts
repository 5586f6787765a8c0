// Injected misbehaviour (slow, failing, broken or hostile responses) for testing the client.
import { z } from 'zod'
import { badPath } from './body-patch'

const common = {
  /** Apply to this many matching requests, then disappear. Default: until cleared. */
  times: z.number().int().min(1).optional(),
  /** Only requests to this endpoint; default both. */
  match: z.enum(['asset', 'analytics']).optional(),
  /** Only asset requests for these symbols (exact, as decoded from the path): one symbol's outage. */
  symbols: z.array(z.string().min(1).max(64)).min(1).max(1000).optional(),
}

export const faultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('latency'), ms: z.number().min(0).max(600_000), ...common }).strict(),
  z
    .object({
      kind: z.literal('status'),
      status: z.literal([401, 403, 404, 429, 500, 503]),
      /** Retry-After value: seconds (number or digits) or an HTTP date, sent as given. */
      retryAfter: z.union([z.string().min(1).max(100), z.number().int().min(0)]).optional(),
      ...common,
    })
    .strict(),
  z.object({ kind: z.literal('malformed-json'), ...common }).strict(),
  z.object({ kind: z.literal('html-200'), ...common }).strict(),
  z.object({ kind: z.literal('reset'), ...common }).strict(),
  z
    .object({
      kind: z.literal('oversized'),
      bytes: z
        .number()
        .int()
        .min(1)
        .max(2 ** 31),
      /** Send Content-Length up front (default: chunked, so only a streaming limit catches it). */
      declareLength: z.boolean().optional(),
      ...common,
    })
    .strict(),
  z.object({ kind: z.literal('stall'), ...common }).strict(),
  /** The real answer with named fields rewritten (set) or removed (unset); error answers pass as they are. */
  z
    .object({
      kind: z.literal('body'),
      set: z.record(z.string(), z.unknown()).optional(),
      unset: z.array(z.string()).max(100).optional(),
      ...common,
    })
    .strict()
    .superRefine((f, ctx) => {
      const paths = [...Object.keys(f.set ?? {}), ...(f.unset ?? [])]
      if (paths.length === 0)
        ctx.addIssue({ code: 'custom', message: 'a body fault needs set or unset' })
      for (const why of paths.map(badPath)) if (why) ctx.addIssue({ code: 'custom', message: why })
    }),
])

export type Fault = z.input<typeof faultSchema>
export type ParsedFault = z.output<typeof faultSchema>
export type ActiveFault = ParsedFault & { id: string; remaining: number | null }
export type FaultRoute = 'asset' | 'analytics'

export class FaultError extends Error {
  override readonly name = 'FaultError'
}

export class FaultController {
  private seq = 0
  private items: ActiveFault[] = []

  /** Validates and queues a fault; returns its id. Throws FaultError on bad input. */
  inject(fault: Fault): string {
    const r = faultSchema.safeParse(fault)
    if (!r.success) {
      const msg = r.error.issues
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ')
      throw new FaultError(`Invalid fault: ${msg}`)
    }
    const id = `flt-${++this.seq}`
    this.items.push({ ...r.data, id, remaining: r.data.times ?? null })
    return id
  }

  remove(id: string): boolean {
    const before = this.items.length
    this.items = this.items.filter((f) => f.id !== id)
    return this.items.length !== before
  }

  clear(): void {
    this.items = []
  }

  list(): ActiveFault[] {
    return this.items.map((f) => ({ ...f }))
  }

  /**
   * What to do to one request on `route`: every matching latency fault adds its delay, and the
   * first matching other fault (oldest first) is applied. Each fault used counts down its times.
   * `symbol` is the asset request's symbol (none for analytics, which a `symbols` fault skips).
   */
  take(route: FaultRoute, symbol?: string): { delayMs: number; fault: ParsedFault | null } {
    let delayMs = 0
    let fault: ParsedFault | null = null
    for (const f of this.items) {
      if (f.match !== undefined && f.match !== route) continue
      if (f.symbols !== undefined && (symbol === undefined || !f.symbols.includes(symbol))) continue
      if (f.kind === 'latency') delayMs += f.ms
      else if (fault === null) fault = f
      else continue
      if (f.remaining !== null) f.remaining--
    }
    this.items = this.items.filter((f) => f.remaining === null || f.remaining > 0)
    return { delayMs, fault }
  }
}
