// Preloaded (node --import tsx --import this) before a built out/main/index.js, to run the app's
// real main bundle in plain Node: `electron` resolves to the fake (tests/mocks/electron), and the
// fake app's exit ends the process with its code. What the app started is written as JSON to
// LW_FAKE_ELECTRON_REPORT on exit: windows, trays, whether it asked for the single-instance lock.
import { writeFileSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { app, BrowserWindow, Tray } from '../mocks/electron/index'

const fake = new URL('../mocks/electron/index.ts', import.meta.url).href
registerHooks({
  resolve(specifier, context, next) {
    return next(specifier === 'electron' ? fake : specifier, context)
  },
})

let askedForLock = false
const lock = app.requestSingleInstanceLock.bind(app)
app.requestSingleInstanceLock = () => {
  askedForLock = true
  return lock()
}

void app.exited.then((code) => {
  const report = process.env['LW_FAKE_ELECTRON_REPORT']
  if (report) {
    const started = { windows: BrowserWindow.made().length, trays: Tray.made.length, askedForLock }
    writeFileSync(report, JSON.stringify({ code, ...started }))
  }
  process.exit(code)
})
