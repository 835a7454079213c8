// A server's derived data follows its list at the cost of what changed: a page is appended,
// a reload that replaced a few resources patches the search items (the others stay the
// same objects) and says how, so the index takes out and puts in those alone.
import type { Resource } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
import { growResourceTree } from '../../collection/index.ts'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { advanceSourceData, type SourceDataOptions } from '../sourceData.ts'

const make = (n: number, prefix = 'file:///w/f') =>
  Array.from({ length: n }, (_, i): Resource => ({ uri: `${prefix}${i}.md`, name: `f${i}.md` }))
// The templates stay the same array across reloads, as the template query keeps them.
const templates: PickerSource['templates'] = []
const source = (resources: Resource[]): PickerSource => ({
  serverId: 's',
  status: 'ready',
  resources,
  templates,
})
const withTree: SourceDataOptions = { hideAssistantOnly: false, growTree: growResourceTree }
const itemsOnly: SourceDataOptions = { hideAssistantOnly: false, growTree: undefined }

describe('advanceSourceData', () => {
  it('keeps everything for the same resources in a new array (a revalidation that changed nothing)', () => {
    const list = make(50)
    const first = advanceSourceData(undefined, source(list), withTree)
    const again = advanceSourceData(first, source([...list]), withTree)
    expect(again.items).toBe(first.items)
    expect(again.growing).toBe(first.growing)
    expect(again).toMatchObject({ generation: first.generation, revision: first.revision })
  })

  it('patches the items of a reload that replaced some resources, keeping the rest as they were', () => {
    const list = make(50)
    const first = advanceSourceData(undefined, source(list), itemsOnly)
    const before = new Map(first.items.map((item) => [item.id, item]))
    const renamed = { ...list[10]!, title: 'Renamed' }
    const inserted: Resource = { uri: 'file:///w/new.md', name: 'new.md' }
    const next = [inserted, ...list.slice(0, 10), renamed, ...list.slice(11, 40)]
    const patched = advanceSourceData(first, source(next), itemsOnly)

    expect(patched.generation).toBe(first.generation)
    expect(patched.revision).toBe(first.revision + 1)
    // Gone: the ten after 40 (the renamed one keeps its id and is put in again).
    expect(patched.patch?.removedIds).toHaveLength(10)
    expect(patched.patch?.baseCount).toBe(50)
    const fresh = patched.items.slice(patched.patch!.addedFrom)
    expect(fresh.map((item) => item.name)).toEqual(['new.md', 'f10.md'])
    expect(fresh[1]!.title).toBe('Renamed')
    // Every unchanged resource keeps its very item object.
    const kept = patched.items.slice(0, patched.patch!.addedFrom)
    expect(kept).toHaveLength(39)
    for (const item of kept) expect(item).toBe(before.get(item.id))
    expect(new Set(patched.items.map((item) => item.id)).size).toBe(41)
  })

  it('appends a page after a patch without patching again', () => {
    const list = make(20)
    const first = advanceSourceData(undefined, source(list), itemsOnly)
    const patched = advanceSourceData(first, source(list.slice(1)), itemsOnly)
    const page = make(5, 'file:///w/p')
    const grown = advanceSourceData(patched, source([...list.slice(1), ...page]), itemsOnly)
    expect(grown.revision).toBe(patched.revision)
    expect(grown.items).toBe(patched.items)
    expect(grown.items).toHaveLength(24)
  })

  it('builds again when the templates change', () => {
    const first = advanceSourceData(undefined, source(make(3)), itemsOnly)
    const next = { ...source(make(3)), templates: [{ uriTemplate: 'x://{a}', name: 'T' }] }
    expect(advanceSourceData(first, next, itemsOnly).generation).toBe(first.generation + 1)
  })
})
