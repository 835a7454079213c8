import { describe, expect, it } from 'vitest'
import { resourceKey } from '../../shared/ids.ts'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { changedResourceKeys } from '../resourceChanges.ts'

const a = { uri: 'x://a', name: 'a', size: 1 }
const b = { uri: 'x://b', name: 'b' }
const src = (
  resources: PickerSource['resources'],
  status: PickerSource['status'] = 'ready',
): PickerSource => ({
  serverId: 's',
  status,
  resources,
})

describe('changedResourceKeys', () => {
  it('marks nothing on a first load', () => {
    expect(changedResourceKeys([], [src([a])])).toEqual([])
    expect(changedResourceKeys([src([], 'loading')], [src([a])])).toEqual([])
  })

  it('marks nothing when a load-more appends a page', () => {
    expect(changedResourceKeys([src([a])], [src([a, b])])).toEqual([])
  })

  it('marks new URIs and changed metadata after a reload', () => {
    const changedA = { ...a, size: 2 }
    expect(
      changedResourceKeys([src([a, b])], [src([b, changedA, { uri: 'x://c', name: 'c' }])]),
    ).toEqual([resourceKey('s', 'x://a'), resourceKey('s', 'x://c')])
  })

  it('ignores reloads that changed nothing', () => {
    expect(changedResourceKeys([src([a, b])], [src([{ ...b }, { ...a }])])).toEqual([])
  })
})
