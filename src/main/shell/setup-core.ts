// The engine behind the app: settings in electron-store, the key in the OS keychain, data under
// userData. The core starts polling only when the root says so (after window and tray exist).
import { app } from 'electron'
import ElectronStore from 'electron-store'
import type { NotificationDecision } from '../../shared/alert-rules'
import { createAppCore, type AppCore } from '../core/app-core'
import { keychainServiceName } from '../engine/secrets/secret-store'
import { KeytarSecretStore } from '../engine/secrets/secret-store-keytar'
import { KeychainContactPointSecrets } from '../engine/secrets/contact-point-secrets'
import { channelFor } from '../engine/delivery/channels/registry'
import type { EventSink } from '../ipc/events'

export async function setupCore(o: {
  emit: EventSink
  notify: (decision: NotificationDecision) => void
  log: (line: string) => void
}): Promise<AppCore> {
  const core = await createAppCore({
    dataDir: app.getPath('userData'),
    // electron-store is constructed here only: it imports electron at load.
    createSettingsStore: ({ cwd, configName }) => new ElectronStore({ cwd, name: configName }),
    secretStore: new KeytarSecretStore({ service: keychainServiceName(app.isPackaged) }),
    emit: o.emit,
    notify: o.notify,
    isPackaged: app.isPackaged,
    seedDemoHistory: true,
    // Contact points: sent from the outbox in userData, secrets from the keychain.
    delivery: {
      channelFor,
      secrets: new KeychainContactPointSecrets({ service: keychainServiceName(app.isPackaged) }),
    },
    log: o.log,
  })
  for (const report of core.reports()) o.log(report)
  return core
}
