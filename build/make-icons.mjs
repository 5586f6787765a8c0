// Writes the app and tray icons as PNGs with no dependencies (zlib + CRC), so they can be
// regenerated anywhere: `node build/make-icons.mjs`. Shapes are drawn with 4×4 supersampling.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { deflateSync } from 'node:zlib'

const here = dirname(new URL(import.meta.url).pathname)

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf) {
  let c = 0xffffffff
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type, data) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 6 // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size)
  for (let y = 0; y < size; y++)
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const TEAL = [15, 118, 110]
const WHITE = [255, 255, 255]
const RED = [220, 38, 38]

/** Paint: a function (u, v) in [0,1]² → [r,g,b] or null (transparent), topmost layer wins. */
function render(size, paint) {
  const out = Buffer.alloc(size * size * 4)
  const S = 4
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const c = paint((x + (sx + 0.5) / S) / size, (y + (sy + 0.5) / S) / size)
          if (c) {
            r += c[0]
            g += c[1]
            b += c[2]
            a++
          }
        }
      }
      const i = (y * size + x) * 4
      if (a) {
        out[i] = r / a
        out[i + 1] = g / a
        out[i + 2] = b / a
        out[i + 3] = (255 * a) / (S * S)
      }
    }
  }
  return png(size, out)
}

const inRoundedSquare = (u, v, inset, radius) => {
  const lo = inset + radius,
    hi = 1 - inset - radius
  const dx = Math.max(lo - u, 0, u - hi),
    dy = Math.max(lo - v, 0, v - hi)
  return (
    u >= inset &&
    u <= 1 - inset &&
    v >= inset &&
    v <= 1 - inset &&
    dx * dx + dy * dy <= radius * radius
  )
}
// Three rising bars: the liquidity chart.
const inBars = (u, v) =>
  [
    [0.24, 0.62],
    [0.43, 0.46],
    [0.62, 0.3],
  ].some(([x0, top]) => u >= x0 && u <= x0 + 0.14 && v >= top && v <= 0.76)
const inDot = (u, v) => (u - 0.8) ** 2 + (v - 0.2) ** 2 <= 0.2 ** 2

function icon({ alert = false, inset = 0.06 } = {}) {
  return (u, v) => {
    if (alert && inDot(u, v)) return RED
    if (!inRoundedSquare(u, v, inset, 0.2)) return null
    return inBars(u, v) ? WHITE : TEAL
  }
}

const files = {
  'icon.png': render(512, icon({ inset: 0.08 })),
  'tray/tray.png': render(16, icon({ inset: 0 })),
  'tray/tray@2x.png': render(32, icon({ inset: 0 })),
  'tray/tray-alert.png': render(16, icon({ inset: 0, alert: true })),
  'tray/tray-alert@2x.png': render(32, icon({ inset: 0, alert: true })),
}
for (const [name, data] of Object.entries(files)) {
  mkdirSync(dirname(join(here, name)), { recursive: true })
  writeFileSync(join(here, name), data)
  console.log(`build/${name} (${data.length} bytes)`)
}
