import { describe, expect, it } from 'vitest'
import * as api from '../index.ts'

describe('the public door', () => {
  it('re-exports the formatting helpers apps render custom rows with', () => {
    expect(api.formatBytes(2048)).toBe('2.0 kB')
    expect(api.formatLastModified('not a date')).toBeUndefined()
    expect(api.mimeIcon('image/png')).toBe('image')
  })

  it('keeps internals out: row building, key resolution, plumbing, the tracker', () => {
    for (const internal of [
      'buildSourceRows',
      'liveMessage',
      'composeHandlers',
      'mergeRefs',
      'rowDomId',
      'resolveKey',
      'resolveNavigationKey',
      'SourcesTracker',
      'buildResourceTree',
      'safeIconSrc',
      'describeTemplateVariables',
      'createResourceSearch',
      'PickerContext',
    ]) {
      expect(api, internal).not.toHaveProperty(internal)
    }
  })
})
