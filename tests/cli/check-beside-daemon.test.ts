// check on a folder a daemon is watching: both would poll and send from one alert state and
// outbox, so the daemon's alerts would go out twice. check refuses, naming the daemon.
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { LOCK_FILE, processIdentity } from '../../src/main/daemon/lock'
import { cli, dataDirs } from './run-cli'

const dirs = dataDirs()
afterAll(() => dirs.cleanup())

describe.runIf(process.platform === 'linux')('check beside a daemon', () => {
  it('refuses a data dir a running daemon holds, and runs once the lock is one left behind', async () => {
    const dir = await dirs.make()
    // Stands in for the daemon: a live process whose identity the lock records.
    const daemon = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], {
      stdio: 'ignore',
    })
    try {
      const pid = daemon.pid!
      writeFileSync(join(dir, LOCK_FILE), `${pid}\n${processIdentity(pid)}\n`)
      const r = await cli(['check', '--demo', '--json', '--data-dir', dir])
      expect(r.code).toBe(2)
      expect(r.stderr).toContain(`A daemon (pid ${pid}) is watching ${dir}, so check did not run`)
      const doc = JSON.parse(r.stdout) as { errors: string[]; rows: unknown[] }
      expect(doc.rows).toEqual([])
      expect(doc.errors[0]).toContain('would send the daemon')
    } finally {
      daemon.kill('SIGKILL')
    }
    await new Promise((r) => daemon.once('exit', r))
    const after = await cli(['check', '--demo', '--data-dir', dir])
    expect(after.stderr).not.toContain('is watching')
    expect([0, 1]).toContain(after.code)
  })
})
