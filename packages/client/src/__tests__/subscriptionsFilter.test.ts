import { describe, expect, it } from 'vitest'
import { readEvent } from '../subscriptionsChannel.ts'
import {
  coversUri,
  intersectFilters,
  isEmptyFilter,
  isUriUnder,
  sameFilter,
  toFilter,
  trimToCapabilities,
  unionFilters,
} from '../subscriptionsFilter.ts'

describe('subscription filters', () => {
  it('turns a watch target into a filter without duplicates or empty parts', () => {
    expect(toFilter({ uris: ['a://1', 'a://1', '', 'a://2'], listChanged: false })).toEqual({
      resourceSubscriptions: ['a://1', 'a://2'],
    })
    expect(toFilter({})).toEqual({})
    expect(isEmptyFilter(toFilter({ uris: [] }))).toBe(true)
  })

  it('merges the filters of many watches', () => {
    expect(
      unionFilters([
        { resourceSubscriptions: ['a://1'] },
        { resourcesListChanged: true, resourceSubscriptions: ['a://1', 'a://2'] },
      ]),
    ).toEqual({ resourcesListChanged: true, resourceSubscriptions: ['a://1', 'a://2'] })
    expect(unionFilters([])).toEqual({})
  })

  it('keeps what the server honoured, counting a URI covered by an honoured parent', () => {
    expect(
      intersectFilters(
        { resourcesListChanged: true, resourceSubscriptions: ['file:///d/x', 'file:///e'] },
        { resourceSubscriptions: ['file:///d/'] },
      ),
    ).toEqual({ resourceSubscriptions: ['file:///d/x'] })
  })

  it('trims to the declared capabilities', () => {
    const filter = { resourcesListChanged: true, resourceSubscriptions: ['a://1'] }
    expect(trimToCapabilities(filter, { resources: { subscribe: true } })).toEqual({
      resourceSubscriptions: ['a://1'],
    })
    expect(trimToCapabilities(filter, { resources: { listChanged: true } })).toEqual({
      resourcesListChanged: true,
    })
    expect(trimToCapabilities(filter, {})).toEqual({})
  })

  it('compares filters as sets', () => {
    expect(
      sameFilter({ resourceSubscriptions: ['a', 'b'] }, { resourceSubscriptions: ['b', 'a'] }),
    ).toBe(true)
    expect(
      sameFilter(
        { resourceSubscriptions: ['a'] },
        { resourceSubscriptions: ['a'], resourcesListChanged: true },
      ),
    ).toBe(false)
    expect(sameFilter({}, { resourceSubscriptions: [] })).toBe(true)
  })

  it('treats a URI as under a base only at a boundary', () => {
    expect(isUriUnder('file:///a', 'file:///a')).toBe(true)
    expect(isUriUnder('file:///a/b', 'file:///a')).toBe(true)
    expect(isUriUnder('file:///a?x=1', 'file:///a')).toBe(true)
    expect(isUriUnder('file:///ab', 'file:///a')).toBe(false)
    expect(isUriUnder('file:///dir/x', 'file:///dir/')).toBe(true)
    expect(coversUri({ resourceSubscriptions: ['file:///a'] }, 'file:///ab')).toBe(false)
  })

  it('reads only well-formed notifications that were asked for', () => {
    const asked = { resourcesListChanged: true, resourceSubscriptions: ['a://1'] }
    const updated = (params: Record<string, unknown>) =>
      readEvent({ method: 'notifications/resources/updated', params }, asked)
    expect(updated({ uri: 'a://1' })).toEqual({ type: 'updated', uri: 'a://1' })
    expect(updated({ uri: 'a://2' })).toBeUndefined()
    expect(updated({ uri: ['a://1'] })).toBeUndefined()
    expect(updated({ uri: `a://1/${'x'.repeat(10_000)}` })).toBeUndefined()
    expect(
      readEvent({ method: 'notifications/resources/list_changed', params: {} }, asked),
    ).toEqual({
      type: 'listChanged',
    })
    expect(
      readEvent({ method: 'notifications/resources/list_changed', params: {} }, {}),
    ).toBeUndefined()
    expect(
      readEvent({ method: 'notifications/tools/list_changed', params: {} }, asked),
    ).toBeUndefined()
  })
})
