// Every setting has a plain-words label for repair notices and messages (a missing one used to show
// the raw key). SETTING_LABELS `satisfies Record<SettingKey, string>`, so a missing label is a type
// error; this checks the same at run time, and that no label names a setting that is gone.
import { describe, expect, it } from 'vitest'
import { SETTING_LABELS, settingsSchema } from '../../src/shared/settings-schema'

describe('setting labels', () => {
  it('labels exactly the settings there are', () => {
    expect(Object.keys(SETTING_LABELS).sort()).toEqual(Object.keys(settingsSchema.shape).sort())
  })

  it('each label is words, not the key', () => {
    for (const [key, label] of Object.entries(SETTING_LABELS)) {
      expect(label).not.toBe(key)
      expect(label).toMatch(/^[A-Z][a-z]/)
    }
  })
})
