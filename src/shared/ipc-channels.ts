// Channel names only: imported by the sandboxed preload, so it must stay dependency-free.

export const REQUEST_CHANNELS = {
  getStatus: 'status:get',
  getWatchlist: 'watchlist:get',
  getWatchlistPage: 'watchlist:page',
  addSymbol: 'watchlist:add',
  addSymbols: 'watchlist:add-many',
  removeSymbol: 'watchlist:remove',
  getKnownSymbols: 'symbols:known',
  getAsset: 'asset:get',
  getAssetSeries: 'asset:series',
  getAnalytics: 'analytics:get',
  getRules: 'rules:get',
  saveRule: 'rules:save',
  deleteRule: 'rules:delete',
  backtestRule: 'rules:backtest',
  snooze: 'alerts:snooze',
  getAlertHistory: 'alerts:history',
  getAlertInstances: 'alerts:instances',
  getNotificationLog: 'notifications:log',
  getAwayDigest: 'alerts:away',
  dismissAwayDigest: 'alerts:away-dismiss',
  getSettings: 'settings:get',
  updateSettings: 'settings:update',
  getKeyStatus: 'key:status',
  setApiKey: 'key:set',
  clearApiKey: 'key:clear',
  bindApiKey: 'key:bind',
  testConnection: 'connection:test',
  refreshNow: 'refresh:now',
  sendTestNotification: 'notifications:test',
  pauseNotifications: 'notifications:pause',
  openExternal: 'shell:open-external',
  setVisibleSymbols: 'screen:visible-symbols',
  getHistoryInfo: 'history:info',
  clearHistory: 'history:clear',
  getAssetFlow: 'asset:flow',
  getAssetShares: 'asset:shares',
  getAssetMigration: 'asset:migration',
  playDemoStory: 'demo:story',
} as const

export const EVENT_CHANNELS = {
  statusChanged: 'event:status',
  watchlistUpdated: 'event:watchlist',
  alertEvents: 'event:alerts',
  navigate: 'event:navigate',
} as const

export type IpcMethod = keyof typeof REQUEST_CHANNELS
export type IpcEvent = keyof typeof EVENT_CHANNELS
