// Exports as the user takes them: the ExportMenu's CSV or PNG button, the browser's own download,
// the file read back (CSV parsed, PNG checked to be a real image with ink).
import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { App } from './harness'
import { inkStats } from './harness/pixels'

export interface Downloaded {
  name: string
  bytes: Buffer
}

/** Opens the export control named "Export <what>" and takes the file its CSV or PNG button saves. */
export async function exportFile(
  page: Page,
  what: string,
  kind: 'CSV' | 'PNG',
): Promise<Downloaded> {
  const group = page.getByRole('group', { name: `Export ${what}` })
  const toggle = group.getByRole('button', { name: 'Export' })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    group.getByRole('button', { name: kind, exact: true }).click(),
  ])
  const path = await download.path()
  return { name: download.suggestedFilename(), bytes: readFileSync(path) }
}

export function csvRows(file: Downloaded): string[][] {
  expect(file.name).toMatch(/\.csv$/)
  return parse(file.bytes.toString('utf8')) as string[][]
}

/** A real PNG: the signature, an IHDR with both sides > 0, and Chromium can decode it with ink. */
export async function expectPng(app: App, file: Downloaded): Promise<void> {
  expect(file.name).toMatch(/\.png$/)
  expect([...file.bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10])
  expect(file.bytes.subarray(12, 16).toString('ascii')).toBe('IHDR')
  expect(file.bytes.readUInt32BE(16)).toBeGreaterThan(0)
  expect(file.bytes.readUInt32BE(20)).toBeGreaterThan(0)
  const ink = await inkStats(app.context, file.bytes)
  expect(ink.width).toBe(file.bytes.readUInt32BE(16))
  expect(ink.inkRatio).toBeGreaterThan(0.01)
}
