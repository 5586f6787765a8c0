// Any settings' YAML export reads the same under YAML 1.1 (PyYAML, Ansible) as under 1.2 (ours):
// strings a 1.1 reader would take for a time, a boolean, null or a number are quoted.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { configFromSettings, formatConfig } from '../../src/main/config'
import { validSettings } from './arbitrary-settings'

describe('YAML export for YAML 1.1 readers', () => {
  it('reads the same under YAML 1.1 as under 1.2, for any settings', () => {
    fc.assert(
      fc.property(validSettings, (settings) => {
        const text = formatConfig(configFromSettings(settings), 'yaml')
        expect(parse(text, { version: '1.1' })).toEqual(parse(text))
      }),
      { numRuns: 150 },
    )
  })
})
