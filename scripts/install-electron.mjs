// electron >= 42 fetches its binary lazily. Fetch it at install time on users' machines,
// but never fail the install where the download is impossible (offline CI, sandboxes).
import { spawnSync } from 'node:child_process'

if (process.env.LIQUIDITY_SKIP_ELECTRON_DOWNLOAD || process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
  console.log('[install-electron] skipped by environment')
  process.exit(0)
}
const r = spawnSync('npx', ['--no-install', 'install-electron'], {
  stdio: 'inherit',
  timeout: 120_000,
  shell: process.platform === 'win32',
})
if (r.status !== 0) {
  console.warn(
    '[install-electron] could not fetch the Electron binary; the app cannot launch here, ' +
      'but engine and browser tests still run. Retry later with: npx install-electron',
  )
}
process.exit(0)
