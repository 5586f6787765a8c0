// Quitting waits for the core to save, but not forever: a save that hangs (a stuck disk, a network
// file system) is given a bounded time, logged, and the app quits anyway.
import { describe, expect, it, vi } from 'vitest'

describe('quit with a core that never finishes stopping', () => {
  it('quits after the bounded wait and says so in the log', async () => {
    vi.resetModules()
    const { app } = await import('electron')
    const { setupQuit } = await import('../../src/main/shell/setup-quit')
    const lines: string[] = []
    let trayGone = false
    setupQuit({
      core: { stop: () => new Promise<void>(() => undefined) },
      tray: { update: () => undefined, destroy: () => (trayGone = true) },
      log: (l) => lines.push(l),
      stopTimeoutMs: 50,
    })
    let quits = 0
    app.on('quit', () => quits++)
    app.quit()
    await vi.waitFor(() => expect(quits).toBe(1), { timeout: 2_000 })
    expect(trayGone).toBe(true)
    expect(lines.join('\n')).toMatch(/did not finish saving within/)
  })
})
