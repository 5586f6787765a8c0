// Reads a PNG screenshot back into pixels with Chromium itself (a blank page, no CSP), so the
// pixel checks need no image library: how much of the picture is not background.
import type { BrowserContext } from 'playwright-core'

export interface InkStats {
  width: number
  height: number
  /** Pixels that differ clearly from the most common colour (the background). */
  ink: number
  inkRatio: number
  /** Distinct ink colours, quantised to 4 bits per channel (lines, fills, labels …). */
  inkColors: number
  background: [number, number, number]
  /** Per `probe` colour (#rrggbb): pixels within a small distance of it (fully covered by it). */
  near: number[]
}

export async function inkStats(
  context: BrowserContext,
  png: Buffer,
  probe: readonly string[] = [],
): Promise<InkStats> {
  const page = await context.newPage()
  try {
    return await page.evaluate(
      async ([b64, hexes]) => {
        const g = globalThis as unknown as {
          atob(s: string): string
          createImageBitmap(b: unknown): Promise<{ width: number; height: number }>
          Blob: new (parts: unknown[], o: { type: string }) => unknown
          OffscreenCanvas: new (
            w: number,
            h: number,
          ) => {
            getContext(k: '2d'): {
              drawImage(i: unknown, x: number, y: number): void
              getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray }
            }
          }
        }
        const bin = g.atob(b64)
        const bytes = new Uint8Array(bin.length)
        for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i)
        const bmp = await g.createImageBitmap(new g.Blob([bytes], { type: 'image/png' }))
        const ctx = new g.OffscreenCanvas(bmp.width, bmp.height).getContext('2d')
        ctx.drawImage(bmp, 0, 0)
        const { data } = ctx.getImageData(0, 0, bmp.width, bmp.height)
        const counts = new Map<number, number>()
        for (let i = 0; i < data.length; i += 4) {
          const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!
          counts.set(key, (counts.get(key) ?? 0) + 1)
        }
        let bg = 0
        let best = -1
        for (const [k, n] of counts) if (n > best) [bg, best] = [k, n]
        const [br, bgr, bb] = [(bg >> 16) & 255, (bg >> 8) & 255, bg & 255]
        let ink = 0
        const colors = new Set<number>()
        for (let i = 0; i < data.length; i += 4) {
          const d =
            Math.abs(data[i]! - br) + Math.abs(data[i + 1]! - bgr) + Math.abs(data[i + 2]! - bb)
          if (d <= 48) continue
          ink++
          colors.add(((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4))
        }
        const probes = hexes.map((h) => [1, 3, 5].map((o) => parseInt(h.slice(o, o + 2), 16)))
        const near = probes.map(([r, gr, b]) => {
          let n = 0
          for (let i = 0; i < data.length; i += 4) {
            const d =
              Math.abs(data[i]! - r!) + Math.abs(data[i + 1]! - gr!) + Math.abs(data[i + 2]! - b!)
            if (d <= 24) n++
          }
          return n
        })
        const total = bmp.width * bmp.height
        return {
          width: bmp.width,
          height: bmp.height,
          ink,
          inkRatio: total ? ink / total : 0,
          inkColors: colors.size,
          background: [br, bgr, bb] as [number, number, number],
          near,
        }
      },
      [png.toString('base64'), [...probe]] as const,
    )
  } finally {
    await page.close()
  }
}
