// /__admin: lets a standalone service be scripted from outside its process (curl, other tests).
// Loopback only and behind the same bearer key, since it changes what every client sees.
import type { IncomingMessage } from 'node:http'
import { z } from 'zod'
import { checkBearer, error, json, type Reply } from '../main/service/reply'
import { FaultError, type FaultController } from './faults'
import { ScenarioError, type ScenarioController } from './scenarios'

export const ADMIN_PREFIX = '/__admin'
const MAX_BODY = 64 * 1024
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])
const latencySchema = z.object({ ms: z.number().min(0).max(600_000) }).strict()

export interface AdminDeps {
  apiKey: string
  faults: FaultController
  scenarios: ScenarioController
  setLatency(ms: number): void
  stats(): { requests: number; connections: number }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY) throw new SyntaxError(`body larger than ${MAX_BODY} bytes`)
    chunks.push(chunk)
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'))
}

const bad = (message: string): Reply => error(400, 'invalid_body', message)

export async function handleAdmin(
  req: IncomingMessage,
  pathname: string,
  deps: AdminDeps,
): Promise<Reply> {
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) {
    return error(403, 'forbidden', 'The admin API answers loopback clients only.')
  }
  const denied = checkBearer(req, deps.apiKey)
  if (denied) return denied
  const [, , resource, id] = pathname.split('/') // "", "__admin", resource, id?
  const method = req.method ?? 'GET'

  let body: unknown = undefined
  if (method === 'POST') {
    try {
      body = await readJson(req)
    } catch (e) {
      return bad(`Body is not JSON: ${(e as Error).message}`)
    }
  }

  if (resource === 'faults' || resource === 'scenarios') {
    const isFaults = resource === 'faults'
    if (method === 'GET' && id === undefined) {
      return json(200, isFaults ? deps.faults.list() : deps.scenarios.list())
    }
    if (method === 'POST' && id === undefined) {
      try {
        const newId = isFaults
          ? deps.faults.inject(body as never)
          : deps.scenarios.add(body as never)
        return json(201, { id: newId })
      } catch (e) {
        if (e instanceof FaultError || e instanceof ScenarioError) return bad(e.message)
        throw e
      }
    }
    if (method === 'DELETE') {
      if (id === undefined) {
        if (isFaults) deps.faults.clear()
        else deps.scenarios.clear()
        return json(200, { cleared: true })
      }
      const removed = isFaults ? deps.faults.remove(id) : deps.scenarios.remove(id)
      return removed
        ? json(200, { removed: id })
        : error(404, 'not_found', `No ${resource.slice(0, -1)} with id ${id}.`)
    }
  }
  if (resource === 'latency' && id === undefined && method === 'POST') {
    const r = latencySchema.safeParse(body)
    if (!r.success) return bad('Expected {"ms": number}.')
    deps.setLatency(r.data.ms)
    return json(200, { latencyMs: r.data.ms })
  }
  if (resource === 'stats' && id === undefined && method === 'GET') return json(200, deps.stats())
  return error(404, 'not_found', `No admin route ${method} ${pathname}.`)
}
