// Renders every icon the app and its packages need from the SVG sources beside this file:
// `npm run icons` (then commit the results). resvg draws each PNG size from the vector;
// png2icons wraps the 1024 px render into icon.icns (macOS) and icon.ico (Windows).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Resvg } from '@resvg/resvg-js'
import png2icons from 'png2icons'

const here = dirname(fileURLToPath(import.meta.url))

/** Linux desktop icon sizes (electron-builder reads build/icons/NxN.png as the icon set). */
export const LINUX_ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512]

function render(svgFile, size) {
  const svg = readFileSync(join(here, svgFile))
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng()
}

function must(buffer, what) {
  if (!buffer) throw new Error(`png2icons could not write ${what}`)
  return buffer
}

const master = render('icon.svg', 1024)
const files = {
  'icon.png': master,
  'icon.icns': must(png2icons.createICNS(master, png2icons.BICUBIC, 0), 'icon.icns'),
  // forWinExe: PNG chunks from 64 px up, BMP below, as Windows Explorer expects in an .exe.
  'icon.ico': must(png2icons.createICO(master, png2icons.BICUBIC, 0, true, true), 'icon.ico'),
  ...Object.fromEntries(
    LINUX_ICON_SIZES.map((s) => [`icons/${s}x${s}.png`, render('icon.svg', s)]),
  ),
  'tray/tray.png': render('tray.svg', 16),
  'tray/tray@2x.png': render('tray.svg', 32),
  'tray/tray-alert.png': render('tray-alert.svg', 16),
  'tray/tray-alert@2x.png': render('tray-alert.svg', 32),
}

for (const [name, data] of Object.entries(files)) {
  mkdirSync(dirname(join(here, name)), { recursive: true })
  writeFileSync(join(here, name), data)
  console.log(`build/${name} (${data.length} bytes)`)
}
