// Valid arguments for every IPC method, shaped exactly as the renderer sends them.
import type { IpcMethod } from '../../src/shared/ipc-channels'
import { defaultRules } from '../../src/shared/alert-rules'
import { isAllowedExternalUrl } from '../../src/main/shell/open-external'

const rule = { ...defaultRules()[0]!, overrides: { TSLA: { enabled: false, threshold: 5 } } }

/** A webhook contact point as the Settings form sends it (the hint is main's, whatever is sent). */
export const webhookPoint = {
  id: 'team-slack',
  name: 'Team Slack',
  kind: 'webhook',
  enabled: true,
  isDefault: false,
  minSeverity: 'warning',
  quietHours: null,
  template: { title: null, body: null },
  format: 'slack',
  urlHint: null,
}

export const VALID_ARGS: { [M in IpcMethod]: unknown[] } = {
  getStatus: [],
  getWatchlist: [],
  getWatchlistPage: [{ start: 0, count: 40 }],
  addSymbol: ['TSLA'],
  addSymbols: [['tsla', 'MSFT']],
  removeSymbol: ['GOLD'],
  getKnownSymbols: [],
  getAsset: ['BRK.B'],
  getAssetSeries: ['NVDA', 30],
  getAnalytics: [{ groupBy: 'issuer', assetType: 'stock', days: 7, symbol: 'AAPL' }],
  getRules: [],
  saveRule: [rule],
  deleteRule: ['default-7d-drop'],
  backtestRule: [rule],
  snooze: [{ ruleId: 'default-7d-drop', symbol: null, minutes: 60 }],
  getAlertHistory: [{ symbol: 'TSLA', limit: 50 }],
  getAlertInstances: [],
  getNotificationLog: [],
  getAwayDigest: [],
  dismissAwayDigest: [],
  getSettings: [],
  updateSettings: [
    { intervalMinutes: 10, quietHours: { enabled: true, start: '22:00', end: '07:00' } },
  ],
  getKeyStatus: [],
  setApiKey: ['sk_live_0123456789abcdef'],
  clearApiKey: [],
  bindApiKey: [],
  testConnection: [{ baseUrl: 'https://api.example.com/v1' }],
  refreshNow: [],
  sendTestNotification: [],
  pauseNotifications: [60],
  openExternal: ['https://docs.example.org/liquidity-watch'],
  setVisibleSymbols: [['TSLA', 'BRK.B']],
  getHistoryInfo: [],
  clearHistory: [],
  getAssetFlow: ['TSLA'],
  getAssetShares: ['TSLA'],
  getAssetMigration: ['TSLA'],
  playDemoStory: [{ story: 'drop' }],
  getContactPoints: [],
  saveContactPoint: [webhookPoint],
  removeContactPoint: ['team-slack'],
  setContactPointSecret: ['team-slack', 'https://hooks.slack.com/services/T0/B0/xyz'],
  clearContactPointSecret: ['team-slack'],
  testContactPoint: ['team-slack'],
  previewTemplate: ['team-slack', { title: '{{ symbol }} alert', body: null }],
  getDeliveryLog: [50],
  exportConfig: [],
  previewConfigImport: [],
  applyConfigImport: ['0b6f3c1e-8a2d-4c5e-9f10-1a2b3c4d5e6f'],
  cancelConfigImport: ['0b6f3c1e-8a2d-4c5e-9f10-1a2b3c4d5e6f'],
}

/** The app allows no external host by default; tests that open the fixture link allow its host. */
export const FIXTURE_LINK_HOSTS: readonly string[] = ['docs.example.org']

/** The real allow-list check with the fixture link's host on it (the default list is empty). */
export const withFixtureLinks = {
  isAllowedExternalUrl: (u: string) => isAllowedExternalUrl(u, FIXTURE_LINK_HOSTS),
}
