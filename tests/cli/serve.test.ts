// `cli serve` reuses the service CLI: it listens, answers with the demo key, and stops on SIGTERM.
import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { cliNodeArgs, root } from './run-cli'

describe('cli serve', () => {
  it('runs the local service until SIGTERM', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, [...cliNodeArgs(), 'serve', '--port', '0'], { cwd: root })
    let out = ''
    child.stdout.on('data', (b: Buffer) => (out += b.toString()))
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)))
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', () => {
          const m = /listening on (http:\/\/\S+)/.exec(out)
          if (m && /API key: \S+/.test(out)) resolve(m[1]!)
        })
        child.on('exit', () => reject(new Error(`serve exited early: ${out}`)))
      })
      const key = /API key: (\S+)/.exec(out)![1]!
      const res = await fetch(`${url}/api/v0/liquidity/asset/TSLA`, {
        headers: { Authorization: `Bearer ${key}` },
      })
      expect(res.status).toBe(200)
      expect(((await res.json()) as { symbol: string }).symbol).toBe('TSLA')
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  })
})
