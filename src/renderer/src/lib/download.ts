// Exports stay in the renderer: build a Blob and hand it to a temporary <a download>.
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
  // Revoke after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : ''
  let s = String(v)
  // A cell starting with = + - @ would run as a formula in spreadsheets.
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
}

/** A table to export: one header row, then the rows (numbers stay numbers, null is empty). */
export interface CsvTable {
  header: string[]
  rows: unknown[][]
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

export function downloadCsv(filename: string, header: string[], rows: unknown[][]): void {
  downloadBlob(new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), filename)
}

/** PNG of a chart canvas, on the page background so it reads in both themes. */
export function downloadCanvasPng(canvas: HTMLCanvasElement, filename: string): Promise<void> {
  const out = document.createElement('canvas')
  out.width = canvas.width
  out.height = canvas.height
  const ctx = out.getContext('2d')
  if (!ctx) return Promise.reject(new Error('Canvas export is not available.'))
  ctx.fillStyle = getComputedStyle(canvas).getPropertyValue('--surface').trim() || '#ffffff'
  ctx.fillRect(0, 0, out.width, out.height)
  ctx.drawImage(canvas, 0, 0)
  return new Promise((resolve, reject) => {
    out.toBlob((blob) => {
      if (!blob) return reject(new Error('Could not create the PNG image.'))
      downloadBlob(blob, filename)
      resolve()
    }, 'image/png')
  })
}
