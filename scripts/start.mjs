// `npm start`: the app from the built sources (electron-vite preview), after checking that the
// Electron binary is there. electron >= 42 fetches it lazily (scripts/install-electron.mjs), and
// where it never arrived electron-vite would build everything and then print a stack trace
// ("Error: Electron uninstall"). Here the user gets one line: what is missing, the fix, and what
// works meanwhile. Arguments after `npm start --` go to electron-vite preview.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** Where electron-vite will look for the binary (its own rules), and whether something is there. */
function electronBinary() {
  // electron-vite runs this one when it is set.
  const override = process.env.ELECTRON_EXEC_PATH
  if (override) return { path: override, present: existsSync(override) }
  let dir
  try {
    dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  } catch {
    return { path: 'node_modules/electron', present: false }
  }
  const pathFile = join(dir, 'path.txt')
  if (!existsSync(pathFile)) return { path: join(dir, 'dist'), present: false }
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return { path: binary, present: existsSync(binary) }
}

const electron = electronBinary()
if (!electron.present) {
  process.stderr.write(
    `The Electron binary is not installed (nothing at ${electron.path}), so the app cannot start: ` +
      'fetch it with `npx install-electron`, then run `npm start` again. Meanwhile the command line ' +
      '(`npm run cli -- check`) and the tests (`npm test`) work without it.\n',
  )
  process.exit(1)
}

const child = spawn('electron-vite', ['preview', ...process.argv.slice(2)], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('error', (e) => {
  process.stderr.write(`Could not run electron-vite: ${e.message}\n`)
  process.exit(1)
})
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
