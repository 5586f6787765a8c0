// Reading a config file from disk, for `config import` and the daemon's --config: the size is
// checked before a byte is read, then parseConfigText judges the text.
import { readFileSync, statSync } from 'node:fs'
import { describeFsError } from '../engine/storage/fs-error'
import { MAX_CONFIG_BYTES } from './config-schema'
import { parseConfigText, tooBig, type ConfigRead } from './parse-config'

/**
 * The checked config in `path`, or every problem with it in plain words ("line 12,
 * rules[0].condition.thresholdPct: should be above zero but is -5"). Never throws.
 */
export function readConfigFile(path: string): ConfigRead {
  let text: string
  try {
    const st = statSync(path)
    if (st.isDirectory()) return { ok: false, problems: [`${path} is a folder, not a config file`] }
    if (st.size > MAX_CONFIG_BYTES) return { ok: false, problems: [tooBig(st.size)] }
    text = readFileSync(path, 'utf8')
  } catch (e) {
    return { ok: false, problems: [`${path} could not be read: ${describeFsError(e)}`] }
  }
  return parseConfigText(text)
}
