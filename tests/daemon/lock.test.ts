// The data dir's lock against a pid that was reused: after a reboot (or a long time) the pid in a
// lock left behind can belong to another live process, which must not block the daemon for good.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LOCK_FILE, processIdentity, takeLock } from '../../src/main/daemon/lock'

const onLinux = process.platform === 'linux'

describe.runIf(onLinux)('daemon lock', () => {
  let dir: string
  let other: ChildProcess
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lw-lock-'))
    // A live process that is not a daemon on this folder.
    other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
  })
  afterEach(() => {
    other.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  })

  it('takes over a lock whose pid now belongs to another live process', () => {
    const pid = other.pid!
    writeFileSync(join(dir, LOCK_FILE), `${pid}\nnot-this-process\n`)
    const release = takeLock(dir)
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').split('\n')[0]).toBe(String(process.pid))
    release()
  })

  it('refuses while the process that wrote the lock is still the one running', () => {
    const pid = other.pid!
    writeFileSync(join(dir, LOCK_FILE), `${pid}\n${processIdentity(pid)}\n`)
    expect(() => takeLock(dir)).toThrow(`Another daemon (pid ${pid}) is already running on ${dir}`)
  })

  it('records who holds it, so the next start can tell', () => {
    const release = takeLock(dir)
    const [pid, identity] = readFileSync(join(dir, LOCK_FILE), 'utf8').split('\n')
    expect(pid).toBe(String(process.pid))
    expect(identity).toBe(processIdentity(process.pid))
    expect(identity).toMatch(/\S+:\d+/)
    release()
  })
})
