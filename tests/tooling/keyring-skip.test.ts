// A developer running a keychain test file outside scripts/with-keyring.sh sees why its tests
// skip, in the default reporter's output, not a bare "skipped".
import { execFile } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { NO_THROWAWAY_KEYRING } from '../shell/throwaway-keyring'
import { root } from '../cli/run-cli'

describe('keychain tests outside the throwaway keyring', () => {
  it('skip and say why', { timeout: 120_000 }, async () => {
    // The parent run's own vitest variables would make the child think it is a worker.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([k]) => !k.startsWith('VITEST') && k !== 'LW_TEST_KEYRING_SESSION' && k !== 'NODE_OPTIONS',
      ),
    )
    const out = await new Promise<string>((resolve) =>
      execFile(
        process.execPath,
        [
          'node_modules/vitest/vitest.mjs',
          'run',
          '--project',
          'node',
          '--coverage.enabled=false',
          'tests/shell/app-away.test.ts',
        ],
        { cwd: root, env: { ...env, NO_COLOR: '1' }, timeout: 100_000 },
        (_err, stdout, stderr) => resolve(`${stdout}\n${stderr}`),
      ),
    )
    expect(out).toMatch(/1 skipped/)
    expect(out).toContain(`Skipped: ${NO_THROWAWAY_KEYRING}`)
  })
})
