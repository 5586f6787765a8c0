// /__admin scripts a running service over HTTP: faults, scenarios, latency; loopback + key only.
import { networkInterfaces } from 'node:os'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { LocalService } from '../../src/dev-service/server'
import { ASSET, errorOf, get, start } from './helpers'

let svc: LocalService
beforeAll(async () => {
  svc = await start({ admin: true })
})
afterEach(() => {
  svc.faults.clear()
  svc.scenarios.clear()
  svc.setLatency(0)
})
afterAll(() => svc.close())

async function admin(
  method: string,
  path: string,
  body?: unknown,
  key: string | null = svc.apiKey,
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (key !== null) headers.authorization = `Bearer ${key}`
  const res = await fetch(`${svc.url}/__admin${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & { error?: { message: string } },
  }
}

describe('admin API', () => {
  it('injects a fault that the next API call sees, and clears faults', async () => {
    const r = await admin('POST', '/faults', { kind: 'status', status: 503, times: 1 })
    expect(r.status).toBe(201)
    expect(r.body.id).toEqual(expect.any(String))
    expect((await get(svc, `${ASSET}TSLA`)).status).toBe(503)
    expect((await get(svc, `${ASSET}TSLA`)).status).toBe(200)
    await admin('POST', '/faults', { kind: 'html-200' })
    expect((await admin('GET', '/faults')).body).toHaveLength(1)
    expect((await admin('DELETE', '/faults')).status).toBe(200)
    expect((await get(svc, `${ASSET}TSLA`)).status).toBe(200)
  })

  it('adds, lists, removes and clears scenarios', async () => {
    const before = (await get(svc, `${ASSET}TSLA`)).body as { issuers: { name: string }[] }
    const r = await admin('POST', '/scenarios', {
      kind: 'issuer-missing',
      symbol: 'TSLA',
      issuer: 'Swarm',
    })
    expect(r.status).toBe(201)
    const after = (await get(svc, `${ASSET}TSLA`)).body as { issuers: { name: string }[] }
    expect(after.issuers.length).toBe(before.issuers.length - 1)
    expect((await admin('GET', '/scenarios')).body).toEqual([
      { id: r.body.id, kind: 'issuer-missing', symbol: 'TSLA', issuer: 'Swarm' },
    ])
    expect((await admin('DELETE', `/scenarios/${String(r.body.id)}`)).status).toBe(200)
    expect((await admin('DELETE', `/scenarios/${String(r.body.id)}`)).status).toBe(404)
    await admin('POST', '/scenarios', { kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 7 })
    expect((await admin('DELETE', '/scenarios')).status).toBe(200)
    expect(svc.scenarios.list()).toEqual([])
  })

  it('sets latency', async () => {
    expect((await admin('POST', '/latency', { ms: 150 })).status).toBe(200)
    const t = performance.now()
    await get(svc, `${ASSET}TSLA`)
    expect(performance.now() - t).toBeGreaterThanOrEqual(140)
  })

  it('validates bodies with readable 400s', async () => {
    const notJson = await admin('POST', '/faults', '{nope')
    expect(notJson.status).toBe(400)
    expect(notJson.body.error?.message).toMatch(/not JSON/)
    const badFault = await admin('POST', '/faults', { kind: 'status', status: 302 })
    expect(badFault.status).toBe(400)
    expect(badFault.body.error?.message).toMatch(/status/)
    const badScenario = await admin('POST', '/scenarios', {
      kind: 'tvl-drop',
      symbol: 'TSLA',
      pct: -5,
      windowDays: 7,
    })
    expect(badScenario.status).toBe(400)
    expect(badScenario.body.error?.message).toMatch(/pct/)
    expect(svc.faults.list()).toEqual([])
    expect(svc.scenarios.list()).toEqual([])
  })

  it('requires the bearer key', async () => {
    const r = await admin('POST', '/faults', { kind: 'status', status: 500 }, null)
    expect(r.status).toBe(401)
    expect((await admin('GET', '/faults', undefined, 'wrong')).status).toBe(401)
    expect(svc.faults.list()).toEqual([])
  })

  it('is off unless asked for', async () => {
    const plain = await start()
    try {
      const r = await fetch(`${plain.url}/__admin/faults`, {
        method: 'POST',
        headers: { authorization: `Bearer ${plain.apiKey}` },
        body: JSON.stringify({ kind: 'status', status: 500 }),
      })
      expect(r.status).toBe(404)
      expect(plain.faults.list()).toEqual([])
    } finally {
      await plain.close()
    }
  })

  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address
  it.skipIf(!external)('refuses non-loopback clients', async () => {
    const open = await start({ admin: true, host: '0.0.0.0' })
    try {
      const port = new URL(open.url).port
      const r = await get(
        { url: `http://${external}:${port}`, apiKey: open.apiKey },
        '/__admin/faults',
      )
      expect(r.status).toBe(403)
      expect(errorOf(r).code).toBe('forbidden')
    } finally {
      await open.close()
    }
  })
})
