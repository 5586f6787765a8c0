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
  /** Each time the request goes out (requestFresh may send it twice). */
  onSend?: () => void
}

/** Failures of a request sent on a reused keep-alive socket that died before any answer came. */
const staleSocketFailures = new WeakSet<object>()

/**
 * The request went out on a kept-alive socket that had died while idle (the computer slept, a NAT
 * forgot it) and nothing came back: the service never saw it, and a fresh socket may succeed.
 */
export function isStaleSocketFailure(e: unknown): boolean {
  return typeof e === 'object' && e !== null && staleSocketFailures.has(e)
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
    let answered = false
    req.on('error', (e) => {
      const err = networkError(e, url, o.help)
      if (req.reusedSocket && !answered) staleSocketFailures.add(err)
      fail(err)
    })
    req.on('response', (res) => {
      answered = true
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

/**
 * requestOnce, sent again once on a fresh socket when it went out on a kept-alive socket that had
 * died while idle (isStaleSocketFailure): the GET never arrived, so this is neither a retry nor a
 * failure. The other idle sockets went through the same gap: they are closed too.
 */
export async function requestFresh(url: URL, o: HopOptions): Promise<RawResponse> {
  o.onSend?.()
  try {
    return await requestOnce(url, o)
  } catch (e) {
    if (!isStaleSocketFailure(e) || o.signal.aborted) throw e
    for (const list of Object.values(o.agent.freeSockets)) for (const s of list ?? []) s.destroy()
    o.onSend?.()
    return requestOnce(url, o)
  }
}
