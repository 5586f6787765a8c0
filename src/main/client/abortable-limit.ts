// p-limit with cancellation: a task still waiting for a slot rejects at once when its signal aborts.
import pLimit, { type LimitFunction } from 'p-limit'
import { cancelledError } from './errors-map'

export class AbortableLimit {
  private readonly limit: LimitFunction
  constructor(concurrency: number) {
    this.limit = pLimit(concurrency)
  }

  get activeCount(): number {
    return this.limit.activeCount
  }

  run<T>(fn: () => Promise<T>, signal: AbortSignal): Promise<T> {
    if (signal.aborted) return Promise.reject(cancelledError())
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => reject(cancelledError())
      signal.addEventListener('abort', onAbort, { once: true })
      // A task cancelled while queued still gets its turn, but returns immediately without a request.
      void this.limit(() => (signal.aborted ? Promise.reject(cancelledError()) : fn()))
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', onAbort))
    })
  }
}
