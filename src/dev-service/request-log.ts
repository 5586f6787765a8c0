// The requests a development service received, most recent last: tests check which Authorization
// header went where and which analytics a poll asked for.
import type { IncomingMessage } from 'node:http'

/** One request as the service received it. */
export interface LoggedRequest {
  method: string
  path: string
  /** The query string without its '?' ('' when none): which analytics a poll asked for. */
  query: string
  /** The Authorization header as sent, or null when there was none. */
  authorization: string | null
}

/** The log keeps the most recent requests only, so a long-running service stays small. */
export const DEFAULT_REQUEST_LOG_SIZE = 1000

export class RequestLog {
  private items: LoggedRequest[] = []
  private readonly size: number

  constructor(size = DEFAULT_REQUEST_LOG_SIZE) {
    this.size = Math.max(1, size)
  }

  add(req: IncomingMessage, url: URL): void {
    this.items.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.search.slice(1),
      authorization: req.headers.authorization ?? null,
    })
    if (this.items.length > this.size) this.items = this.items.slice(-this.size)
  }

  list(): LoggedRequest[] {
    return this.items.map((r) => ({ ...r }))
  }

  clear(): void {
    this.items = []
  }
}
