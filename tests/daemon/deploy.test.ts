// The deploy files, checked by the tools that can run here: promtool (Prometheus config, the
// example alerting rules and their unit tests), amtool (Alertmanager config), systemd-analyze (the
// unit), and a static reading of the Dockerfile (docker build cannot run on these machines).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { root } from '../cli/run-cli'

const deploy = (f: string): string => join(root, 'deploy', f)
const run = (cmd: string, args: string[]): string =>
  execFileSync(cmd, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

interface Instruction {
  op: string
  args: string
}

/** Dockerfile instructions with continuation lines joined and comments dropped. */
function dockerInstructions(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .join('\n')
    .replace(/\\\n/g, ' ')
  return joined
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => {
      const [op, ...rest] = l.split(/\s+/)
      return { op: op!.toUpperCase(), args: rest.join(' ') }
    })
}

describe('deploy files', () => {
  it('prometheus.yml passes promtool check config', () => {
    expect(run('promtool', ['check', 'config', deploy('prometheus.yml')])).toMatch(/SUCCESS/)
  })

  it('alert-rules.yml passes promtool check rules and its unit tests', () => {
    expect(run('promtool', ['check', 'rules', deploy('alert-rules.yml')])).toMatch(
      /SUCCESS: 3 rules/,
    )
    expect(run('promtool', ['test', 'rules', deploy('alert-rules.test.yml')])).toMatch(/SUCCESS/)
  })

  it('alertmanager.yml passes amtool check-config', () => {
    expect(run('amtool', ['check-config', deploy('alertmanager.yml')])).toMatch(/SUCCESS/)
  })

  it("alertmanager.yml's receiver examples, uncommented, pass amtool check-config too", () => {
    const dir = mkdtempSync(join(tmpdir(), 'lw-am-'))
    try {
      // The examples read their secrets from files: give them some, where the examples name them.
      const text = readFileSync(deploy('alertmanager.yml'), 'utf8')
        .replace(/^(\s+)# /gm, '$1')
        .replaceAll('/etc/alertmanager/', `${dir}/`)
      for (const f of ['smtp-password', 'slack-webhook-url'])
        writeFileSync(join(dir, f), f === 'smtp-password' ? 'x' : 'https://hooks.slack.com/x')
      writeFileSync(join(dir, 'am.yml'), text)
      const parsed = parse(text) as { receivers: Record<string, unknown>[] }
      expect(Object.keys(parsed.receivers[0]!).sort()).toEqual([
        'email_configs',
        'name',
        'slack_configs',
        'webhook_configs',
      ])
      expect(run('amtool', ['check-config', join(dir, 'am.yml')])).toMatch(/SUCCESS/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('compose.yaml runs the daemon, Prometheus and Alertmanager with the key as a secret', () => {
    const c = parse(readFileSync(deploy('compose.yaml'), 'utf8')) as {
      services: Record<string, Record<string, unknown>>
      secrets: Record<string, unknown>
    }
    expect(Object.keys(c.services).sort()).toEqual(['alertmanager', 'daemon', 'prometheus'])
    const daemon = c.services.daemon!
    expect(daemon.read_only).toBe(true)
    expect(daemon.secrets).toEqual(['liquidity_api_key'])
    expect(JSON.stringify(daemon.environment)).not.toMatch(/LIQUIDITY_API_KEY"/)
    expect(JSON.stringify(c.services.prometheus!.volumes)).toMatch(/alert-rules\.yml/)
    // The service's address is required: without one the daemon refuses (demo data is not real).
    expect(daemon.command).toEqual([
      '--base-url',
      expect.stringMatching(/^\$\{LIQUIDITY_BASE_URL:\?/),
    ])
  })

  it('the systemd unit reads its service and rules from a config file, the key as a credential', () => {
    const text = readFileSync(deploy('liquidity-watch.service'), 'utf8')
    expect(text).toMatch(/^ExecStart=.* daemon .*--config \/etc\/liquidity-watch\/config\.yaml/m)
    // An encrypted credential (systemd-creds encrypt) needs LoadCredentialEncrypted=: plain
    // LoadCredential= does not search /etc/credstore.encrypted nor decrypt.
    if (text.includes('credstore.encrypted'))
      expect(text).toMatch(/^LoadCredentialEncrypted=liquidity_api_key$/m)
  })

  it('the systemd unit passes systemd-analyze verify and is hardened', (ctx) => {
    const unit = deploy('liquidity-watch.service')
    const text = readFileSync(unit, 'utf8')
    for (const line of [
      'DynamicUser=yes',
      'StateDirectory=liquidity-watch',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ProtectHome=yes',
    ])
      expect(text).toContain(line)
    if (!existsSync('/usr/bin/systemd-analyze') && !existsSync('/bin/systemd-analyze')) {
      console.warn('systemd-analyze is not installed: the unit was not verified (CI installs it)')
      ctx.skip()
    }
    // Prints nothing and exits 0 when the unit is sound.
    expect(run('systemd-analyze', ['verify', unit]).trim()).toBe('')
  })

  it('the Dockerfile is multi-stage, runs as a non-root user, has a HEALTHCHECK and no secret in ENV', () => {
    const ins = dockerInstructions(readFileSync(join(root, 'Dockerfile'), 'utf8'))
    const froms = ins.filter((i) => i.op === 'FROM')
    expect(froms.length).toBeGreaterThanOrEqual(2)
    expect(froms.every((f) => / AS \w+/i.test(f.args))).toBe(true)
    const lastFrom = ins.lastIndexOf(froms.at(-1)!)
    const final = ins.slice(lastFrom)
    const users = final.filter((i) => i.op === 'USER')
    expect(users.length).toBe(1)
    expect(users[0]!.args).not.toMatch(/^(root|0)(:|$)/)
    // USER comes before the command it runs.
    expect(final.findIndex((i) => i.op === 'USER')).toBeLessThan(
      final.findIndex((i) => i.op === 'ENTRYPOINT'),
    )
    expect(final.find((i) => i.op === 'HEALTHCHECK')?.args).toMatch(/\/healthz/)
    expect(final.some((i) => i.op === 'VOLUME' && /\/data/.test(i.args))).toBe(true)
    for (const e of ins.filter((i) => i.op === 'ENV' || i.op === 'ARG'))
      expect(e.args).not.toMatch(/(LIQUIDITY_API_KEY|SECRET|PASSWORD|TOKEN)\s*=/i)
    // Nothing is written to the root file system at run time: data in /data (a volume).
    expect(final.find((i) => i.op === 'ENTRYPOINT')?.args).toMatch(/--data-dir", "\/data"/)
    // Every stage's base image is pinned to a version.
    for (const f of froms) expect(f.args).toMatch(/^\S+:\S+/)
  })
})
