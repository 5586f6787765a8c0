// The renderer's way in: the core's methods behind the validating handler table, plus what only
// the shell can do (open a link, register the login item, the file dialogs of Export/Import),
// injected here.
import type { AppCore } from '../core/app-core'
import { withOverrides } from '../ipc/core-types'
import { createConfigFileCalls } from '../ipc/config-files'
import { createIpcHandlers } from '../ipc/handlers'
import { refusalLog } from '../ipc/refusals'
import type { RendererLocation } from '../ipc/sender'
import { electronConfigDialog } from './config-dialog'
import { registerIpcHandlers } from './ipc-main'
import type { ExternalLinks } from './setup-security'

/** Registers every channel of the contract; returns what removes them again. */
export function setupIpc(o: {
  core: AppCore
  links: ExternalLinks
  renderer: RendererLocation
  applyLoginItem: (openAtLogin: boolean) => Promise<void>
  log: (line: string) => void
}): () => void {
  const { core } = o
  const ipcCore = withOverrides(core, {
    updateSettings: async (patch) => {
      const next = await core.updateSettings(patch)
      if (patch.startAtLogin !== undefined) await o.applyLoginItem(next.startAtLogin)
      return next
    },
  })
  const table = createIpcHandlers(ipcCore, {
    isAllowedExternalUrl: o.links.isAllowed,
    openExternal: o.links.open,
    configFiles: createConfigFileCalls(core, electronConfigDialog()),
    onError: (method, e) =>
      o.log(`${method} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`),
  })
  return registerIpcHandlers(table, o.renderer, refusalLog({ log: o.log, now: Date.now }))
}
