// One HTTP GET hop over node:http/https: reads the whole body under a byte cap, stops on abort.
import http, { type IncomingHttpHeaders } from 'node:http'
import https from 'node:https'
import type { Socket } from 'node:net'
import { networkError, tooLargeError, type SettingsHelp } from './errors-map'

export interface RawResponse {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

export interface HopOptions {
  agent: http.Agent
  headers: Record<string, string>
  /** Aborting destroys the exchange and rejects with `signal.reason` (the caller picks timeout vs cancelled). */
  signal: AbortSignal
  maxBodyBytes: number
  /** Where the user fixes the service address, for the failure messages. */
  help: SettingsHelp
  onSocket?: (socket: Socket) => void
}

export function requestOnce(url: URL, o: HopOptions): Promise<RawResponse> {
  return new Promise<RawResponse>((resolve, reject) => {
    if (o.signal.aborted) {
      reject(o.signal.reason as Error)
      return
    }
    let settled = false
    const settle = (err: unknown, value?: RawResponse): void => {
      if (settled) return
      settled = true
      o.signal.removeEventListener('abort', onAbort)
      if (value) resolve(value)
      else reject(err as Error)
    }
    const mod = url.protocol === 'https:' ? https : http
    const req = mod.request(url, { method: 'GET', agent: o.agent, headers: o.headers })
    // Destroying the request also tears down a half-read body, so a stalled body stops too.
    const fail = (err: unknown): void => {
      settle(err)
      req.destroy()
    }
    const onAbort = (): void => fail(o.signal.reason)
    o.signal.addEventListener('abort', onAbort, { once: true })

    req.on('socket', (s) => o.onSocket?.(s))
    req.on('error', (e) => fail(networkError(e, url, o.help)))
    req.on('response', (res) => {
      const declared = Number(res.headers['content-length'])
      if (Number.isFinite(declared) && declared > o.maxBodyBytes) {
        fail(tooLargeError(o.maxBodyBytes))
        return
      }
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (chunk: Buffer) => {
        size += chunk.length
        // Count while streaming: a missing or lying Content-Length must not let memory grow unbounded.
        if (size > o.maxBodyBytes) fail(tooLargeError(o.maxBodyBytes))
        else chunks.push(chunk)
      })
      res.on('end', () =>
        settle(null, {
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks, size),
        }),
      )
      res.on('error', (e) => fail(networkError(e, url, o.help)))
      res.on('close', () => {
        if (!res.complete)
          fail(
            networkError(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }), url, o.help),
          )
      })
    })
    req.end()
  })
}
