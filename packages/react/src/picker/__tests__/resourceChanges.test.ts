import { describe, expect, it } from 'vitest'
import { resourceKey } from '../../shared/ids.ts'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { resourceChanges } from '../resourceChanges.ts'

const a = { uri: 'x://a', name: 'a', size: 1 }
const b = { uri: 'x://b', name: 'b' }
const c = { uri: 'x://c', name: 'c' }
const src = (
  resources: PickerSource['resources'],
  status: PickerSource['status'] = 'ready',
  hasMore = false,
): PickerSource => ({ serverId: 's', status, resources, hasMore })
const key = (uri: string) => resourceKey('s', uri)
const none = { added: [], updated: [], removed: [] }

describe('resourceChanges', () => {
  it('marks nothing on a first load', () => {
    expect(resourceChanges([], [src([a])])).toEqual(none)
    expect(resourceChanges([src([], 'loading')], [src([a])])).toEqual(none)
  })

  it('marks nothing when a load-more appends a page', () => {
    expect(resourceChanges([src([a], 'ready', true)], [src([a, b])])).toEqual(none)
  })

  it('tells new URIs from changed metadata after a reload', () => {
    const changedA = { ...a, size: 2 }
    expect(resourceChanges([src([a, b])], [src([b, changedA, c])])).toEqual({
      added: [key('x://c')],
      updated: [key('x://a')],
      removed: [],
    })
  })

  it('ignores reloads that changed nothing', () => {
    expect(resourceChanges([src([a, b])], [src([{ ...b }, { ...a }])])).toEqual(none)
  })

  it('marks a URI removed when a complete reload no longer lists it', () => {
    expect(resourceChanges([src([a, b, c])], [src([a, c])])).toEqual({
      ...none,
      removed: [key('x://b')],
    })
  })

  it('marks a URI removed from a paged list only when a later one is still listed', () => {
    // b is gone for sure (c, after it, is still there); d may just have moved to page 2.
    const d = { uri: 'x://d', name: 'd' }
    expect(
      resourceChanges([src([a, b, c, d], 'ready', true)], [src([a, c], 'ready', true)]),
    ).toEqual({ ...none, removed: [key('x://b')] })
  })

  it('marks nothing while the server fails or reloads', () => {
    expect(resourceChanges([src([a, b])], [src([], 'error')])).toEqual(none)
    expect(resourceChanges([src([a, b])], [src([a], 'loading')])).toEqual(none)
  })
})
