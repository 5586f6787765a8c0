// `npm run service`: the real CLI process prints URL and key, applies flags, exits cleanly on signals.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { ASSET, get } from './helpers'

const children: ChildProcess[] = []
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL')
})

function run(args: string[]): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/dev-service/cli.ts', ...args], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let out = ''
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()))
  return { child, output: () => out }
}

async function waitFor(
  output: () => string,
  re: RegExp,
  child: ChildProcess,
): Promise<RegExpExecArray> {
  for (;;) {
    const m = re.exec(output())
    if (m) return m
    if (child.exitCode !== null) throw new Error(`CLI exited ${child.exitCode}: ${output()}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

// Each case spawns Node + tsx (a few seconds on a loaded 2-core machine): a generous budget.
describe('service CLI', { timeout: 60_000 }, () => {
  it('starts with flags, prints URL and key, and closes cleanly on SIGTERM', async () => {
    const { child, output } = run([
      '--port',
      '0',
      '--key',
      'cli-key',
      '--scenario',
      '{"kind":"issuer-missing","symbol":"TSLA","issuer":"Ondo"}',
      '--fault',
      '{"kind":"status","status":429,"retryAfter":3,"times":1}',
    ])
    const m = await waitFor(output, /listening on (http:\/\/127\.0\.0\.1:\d+)/, child)
    const svc = { url: m[1] as string, apiKey: 'cli-key' }
    expect(output()).toContain('API key: cli-key')
    const limited = await get(svc, `${ASSET}TSLA`)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('3')
    const d = (await get(svc, `${ASSET}TSLA`)).body as { issuers: { name: string }[] }
    expect(d.issuers.map((i) => i.name)).not.toContain('Ondo')
    // Admin is on for the standalone service.
    expect((await get(svc, '/__admin/scenarios')).status).toBe(200)
    child.kill('SIGTERM')
    const [code] = (await once(child, 'exit')) as [number | null]
    expect(code, output()).toBe(0)
    expect(output()).toContain('closing')
  })

  it('closes on SIGINT too', async () => {
    const { child, output } = run(['--port', '0'])
    await waitFor(output, /listening on/, child)
    child.kill('SIGINT')
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null]
    expect({ code, signal }, output()).toEqual({ code: 0, signal: null })
  })

  it('--universe 1000 serves a generated universe of 1000 assets', async () => {
    const { child, output } = run(['--port', '0', '--universe', '1000'])
    const [, url, key] = await waitFor(output, /listening on (\S+)\nAPI key: (\S+)/, child)
    const all = await Promise.all(
      (['stock', 'commodity'] as const).map((t) =>
        get(
          { url: url!, apiKey: key! },
          `/api/v0/liquidity/analytics?groupBy=stock&assetType=${t}`,
        ),
      ),
    )
    const symbols = all.flatMap((r) => (r.body as { data: { symbol: string }[] }).data)
    expect(new Set(symbols.map((d) => d.symbol)).size).toBe(1000)
  })

  it('refuses bad JSON and bad scenarios with exit code 2 and a message', async () => {
    const cases = [
      ['--port', '0', '--scenario', '{oops'],
      ['--port', '0', '--fault', '{"kind":"status","status":418}'],
      ['--port', 'abc'],
      ['--port', '0', '--universe', '0'],
    ]
    // In parallel: each start pays tsx's compile time.
    await Promise.all(
      cases.map(async (args) => {
        const { child, output } = run(args)
        const [code] = (await once(child, 'exit')) as [number | null]
        expect(code, output()).toBe(2)
        expect(output()).toMatch(/^error: /m)
      }),
    )
  })
})
