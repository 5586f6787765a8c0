// Settings → Export/Import (config as code, src/main/config) as the renderer sees it. Main picks
// and reads the files: the renderer gets what it may show (the chosen path, the changes or the
// problems by line and field) and a token for the one import waiting to be applied, never a way
// to make main read a path it names.
import { z } from 'zod'

/** The import waiting for Apply or Cancel (a random UUID main made at the preview). */
export const configImportTokenSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'is not an import token')

export type ConfigExportResult =
  { outcome: 'saved'; path: string; format: 'json' | 'yaml' } | { outcome: 'canceled' }

export type ConfigImportPreview =
  | { outcome: 'canceled' }
  /** Nothing was changed; every problem by line and field ("line 12, rules[0].condition…: …"). */
  | { outcome: 'refused'; path: string; problems: string[] }
  /** What Apply would change, one line each; apply with the token or cancel. */
  | { outcome: 'ready'; path: string; token: string; changes: string[]; summary: string }

export type ConfigImportResult =
  | { outcome: 'applied'; path: string; changes: string[]; summary: string }
  | { outcome: 'refused'; path: string; problems: string[] }
