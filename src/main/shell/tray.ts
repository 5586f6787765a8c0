// The tray icon: renders buildTrayModel's tooltip, icon and menu; actions go back to the caller.
import { join } from 'node:path'
import { Menu, Tray, nativeImage, type MenuItemConstructorOptions } from 'electron'
import type { EngineStatus } from '../../shared/view-models'
import { buildTrayModel, type TrayAction, type TrayModel } from './tray-model'

export interface AppTray {
  update(status: EngineStatus | null): void
  destroy(): void
}

export function createAppTray(opts: {
  iconDir: string
  onAction: (action: TrayAction) => void
}): AppTray {
  // Electron picks tray@2x.png next to tray.png on high-DPI screens.
  const icons = {
    normal: nativeImage.createFromPath(join(opts.iconDir, 'tray.png')),
    alert: nativeImage.createFromPath(join(opts.iconDir, 'tray-alert.png')),
  }
  const tray = new Tray(icons.normal)
  let shownIcon: TrayModel['icon'] = 'normal'

  const render = (model: TrayModel): void => {
    tray.setToolTip(model.tooltip)
    if (model.icon !== shownIcon) {
      tray.setImage(icons[model.icon])
      shownIcon = model.icon
    }
    const template: MenuItemConstructorOptions[] = model.entries.map((e) =>
      e.type === 'separator'
        ? { type: 'separator' }
        : { label: e.label, enabled: e.enabled, click: () => opts.onAction(e.id) },
    )
    tray.setContextMenu(Menu.buildFromTemplate(template))
  }

  // Windows and Linux: a left click opens the window (macOS shows the menu).
  tray.on('click', () => opts.onAction('open'))
  render(buildTrayModel(null, new Date()))
  return {
    update: (status) => render(buildTrayModel(status, new Date())),
    destroy: () => tray.destroy(),
  }
}
