// The app's identity, defined once for the packager (electron-builder.ts) and the shell.
// Windows groups taskbar entries and notifications by the AppUserModelID: the shell must set
// exactly the appId the installer gave the Start-menu shortcut, or notifications do not show.

/** electron-builder's appId, and the Windows AppUserModelID (app.setAppUserModelId). */
export const APP_ID = 'com.liquiditywatch.app'
