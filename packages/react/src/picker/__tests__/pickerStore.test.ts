import { describe, expect, it } from 'vitest'
import { resourceKey } from '../../shared/ids.ts'
import { createPickerStore } from '../pickerStore.ts'

const a = { serverId: 's1', uri: 'file:///a', name: 'a' }
const b = { serverId: 's1', uri: 'file:///b', name: 'b' }

describe('createPickerStore', () => {
  it('starts from the given options', () => {
    const store = createPickerStore({
      query: 'x',
      view: 'list',
      expandedIds: ['n1'],
      selected: [a],
    })
    const s = store.getState()
    expect(s.query).toBe('x')
    expect(s.view).toBe('list')
    expect([...s.expandedIds]).toEqual(['n1'])
    expect([...s.selected.keys()]).toEqual([resourceKey('s1', 'file:///a')])
  })

  it('keeps each instance apart', () => {
    const one = createPickerStore()
    const two = createPickerStore()
    one.getState().setQuery('hello')
    expect(two.getState().query).toBe('')
  })

  it('replaces the selection in single mode and toggles in multiple mode', () => {
    const store = createPickerStore()
    store.getState().select(a, 'single')
    store.getState().select(b, 'single')
    expect([...store.getState().selected.values()]).toEqual([b])
    store.getState().select(a, 'multiple')
    expect([...store.getState().selected.values()]).toEqual([b, a])
    store.getState().select(b, 'multiple')
    expect([...store.getState().selected.values()]).toEqual([a])
  })

  it('treats the same URI on two servers as two resources', () => {
    const store = createPickerStore()
    store.getState().select(a, 'multiple')
    store.getState().select({ ...a, serverId: 's2' }, 'multiple')
    expect(store.getState().selected.size).toBe(2)
  })

  it('expands, collapses and toggles rows', () => {
    const store = createPickerStore()
    store.getState().setExpanded('n', true)
    expect(store.getState().expandedIds.has('n')).toBe(true)
    store.getState().toggleExpanded('n')
    expect(store.getState().expandedIds.has('n')).toBe(false)
  })

  it('does not notify when nothing changes', () => {
    const store = createPickerStore({ query: 'q' })
    let calls = 0
    store.subscribe(() => calls++)
    store.getState().setQuery('q')
    store.getState().highlight(null)
    store.getState().setExpanded('x', false)
    store.getState().clearSelection()
    expect(calls).toBe(0)
  })

  it('opens and closes a template form', () => {
    const store = createPickerStore()
    const t = { serverId: 's1', uriTemplate: 'x://{id}', name: 'x' }
    store.getState().openTemplate(t)
    expect(store.getState().activeTemplate).toEqual(t)
    store.getState().closeTemplate()
    expect(store.getState().activeTemplate).toBeNull()
  })

  it('tracks lazy directory states', () => {
    const store = createPickerStore()
    store.getState().setDirectory('d', { status: 'loading' })
    expect(store.getState().directories.d).toEqual({ status: 'loading' })
    store.getState().setDirectory('d', undefined)
    expect(store.getState().directories.d).toBeUndefined()
  })
})
