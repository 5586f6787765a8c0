// The fake Tray, its context Menu (clicked by label, as the user would) and nativeImage.
import { EventEmitter } from 'node:events'
import { existsSync } from 'node:fs'

export interface FakeImage {
  path: string
  isEmpty(): boolean
}

export const nativeImage = {
  createFromPath(path: string): FakeImage {
    return { path, isEmpty: () => !existsSync(path) }
  },
}

export interface MenuItemOptions {
  type?: 'normal' | 'separator'
  label?: string
  enabled?: boolean
  click?: () => void
}

export class FakeMenu {
  constructor(readonly items: MenuItemOptions[]) {}
  static buildFromTemplate(template: MenuItemOptions[]): FakeMenu {
    return new FakeMenu(template)
  }
  /** The item whose label starts with `label`; clicking it as the user would. */
  item(label: string): MenuItemOptions {
    const found = this.items.find((i) => i.label?.startsWith(label))
    if (!found) throw new Error(`no menu item "${label}" in ${JSON.stringify(this.labels())}`)
    return found
  }
  click(label: string): void {
    const item = this.item(label)
    if (item.enabled === false) throw new Error(`menu item "${label}" is disabled`)
    item.click?.()
  }
  labels(): string[] {
    return this.items.map((i) => (i.type === 'separator' ? '---' : (i.label ?? '')))
  }
}

export class FakeTray extends EventEmitter {
  static made: FakeTray[] = []
  tooltip = ''
  menu: FakeMenu | null = null
  destroyed = false
  constructor(public image: FakeImage) {
    super()
    FakeTray.made.push(this)
  }
  setToolTip(text: string): void {
    this.tooltip = text
  }
  setImage(image: FakeImage): void {
    this.image = image
  }
  setContextMenu(menu: FakeMenu): void {
    this.menu = menu
  }
  destroy(): void {
    this.destroyed = true
  }
}
