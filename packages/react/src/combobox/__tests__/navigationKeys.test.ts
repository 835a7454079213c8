import { describe, expect, it } from 'vitest'
import {
  type NavigationAction,
  type NavigationKeyContext,
  type NavigationList,
  resolveNavigationKey,
} from '../navigationKeys.ts'

// server s (expanded) > folder f (collapsed, has children) ; leaf a ; header h (not navigable); leaf b
const rows = [
  { id: 's', parent: -1, hasChildren: true, expanded: true, navigable: true },
  { id: 'f', parent: 0, hasChildren: true, expanded: false, navigable: true },
  { id: 'a', parent: 0, hasChildren: false, expanded: false, navigable: true },
  { id: 'h', parent: -1, hasChildren: false, expanded: false, navigable: false },
  { id: 'b', parent: -1, hasChildren: false, expanded: false, navigable: true },
]
const ids = rows.map((r) => r.id)
const at = (i: number) => rows[i] ?? rows[3]!
const treeList: NavigationList = {
  count: rows.length,
  isNavigable: (i) => at(i).navigable,
  tree: {
    hasChildren: (i) => at(i).hasChildren,
    isExpanded: (i) => at(i).expanded,
    parentIndex: (i) => at(i).parent,
  },
}
const { tree: _tree, ...flatList } = treeList

interface Ctx {
  highlightedId: string | null
  view: 'tree' | 'list'
  focus: 'input' | 'widget'
  inputEmpty?: boolean
  pageSize?: number
}
const ctx = (over: Partial<Ctx> = {}): Ctx => ({
  highlightedId: null,
  view: 'tree',
  focus: 'widget',
  ...over,
})

/** The action for a key, with rows named by id (as the old id-based tests read). */
function resolveKey(key: string, c: Ctx, extra: Partial<NavigationKeyContext> = {}) {
  const action = resolveNavigationKey(
    { key },
    {
      list: c.view === 'tree' ? treeList : flatList,
      highlightedIndex: c.highlightedId === null ? -1 : ids.indexOf(c.highlightedId),
      focus: c.focus,
      inputEmpty: c.inputEmpty,
      pageSize: c.pageSize,
      ...extra,
    },
  )
  if (!action) return null
  if (!('index' in action)) return action
  const { index, ...rest } = action
  return { ...rest, id: ids[index] } as Omit<NavigationAction, 'index'> & { id?: string }
}

describe('resolveNavigationKey', () => {
  it('highlights the first or last row when nothing is highlighted', () => {
    expect(resolveKey('ArrowDown', ctx())).toEqual({ type: 'highlight', id: 's' })
    expect(resolveKey('ArrowUp', ctx())).toEqual({ type: 'highlight', id: 'b' })
  })

  it('moves by one, skipping rows that are not navigable, and stops at the ends', () => {
    expect(resolveKey('ArrowDown', ctx({ highlightedId: 'a' }))).toEqual({
      type: 'highlight',
      id: 'b',
    })
    expect(resolveKey('ArrowUp', ctx({ highlightedId: 'b' }))).toEqual({
      type: 'highlight',
      id: 'a',
    })
    expect(resolveKey('ArrowDown', ctx({ highlightedId: 'b' }))).toEqual({
      type: 'highlight',
      id: 'b',
    })
  })

  it('jumps with Home/End on the widget, but leaves them to the caret of a non-empty input', () => {
    expect(resolveKey('Home', ctx({ highlightedId: 'b' }))).toEqual({ type: 'highlight', id: 's' })
    expect(resolveKey('End', ctx({ highlightedId: 's' }))).toEqual({ type: 'highlight', id: 'b' })
    expect(resolveKey('Home', ctx({ focus: 'input', inputEmpty: false }))).toBeNull()
    expect(resolveKey('End', ctx({ focus: 'input', inputEmpty: true }))).toEqual({
      type: 'highlight',
      id: 'b',
    })
  })

  it('pages and clamps to the ends', () => {
    expect(resolveKey('PageDown', ctx({ highlightedId: 's', pageSize: 2 }))).toEqual({
      type: 'highlight',
      id: 'a',
    })
    expect(resolveKey('PageDown', ctx({ highlightedId: 'a', pageSize: 5 }))).toEqual({
      type: 'highlight',
      id: 'b',
    })
    expect(resolveKey('PageUp', ctx({ highlightedId: 'b', pageSize: 50 }))).toEqual({
      type: 'highlight',
      id: 's',
    })
  })

  it('expands a collapsed row with Right, then moves into its first child', () => {
    expect(resolveKey('ArrowRight', ctx({ highlightedId: 'f' }))).toEqual({
      type: 'expand',
      id: 'f',
    })
    expect(resolveKey('ArrowRight', ctx({ highlightedId: 's' }))).toEqual({
      type: 'highlight',
      id: 'f',
    })
    expect(resolveKey('ArrowRight', ctx({ highlightedId: 'a' }))).toBeNull()
  })

  it('collapses an expanded row with Left, else moves to the parent', () => {
    expect(resolveKey('ArrowLeft', ctx({ highlightedId: 's' }))).toEqual({
      type: 'collapse',
      id: 's',
    })
    expect(resolveKey('ArrowLeft', ctx({ highlightedId: 'a' }))).toEqual({
      type: 'highlight',
      id: 's',
    })
    expect(resolveKey('ArrowLeft', ctx({ highlightedId: 'b' }))).toBeNull()
  })

  it('leaves Left/Right to the caret in the list view or a non-empty input', () => {
    expect(resolveKey('ArrowRight', ctx({ highlightedId: 'f', view: 'list' }))).toBeNull()
    expect(
      resolveKey('ArrowRight', ctx({ highlightedId: 'f', focus: 'input', inputEmpty: false })),
    ).toBeNull()
    expect(
      resolveKey('ArrowRight', ctx({ highlightedId: 'f', focus: 'input', inputEmpty: true })),
    ).toEqual({
      type: 'expand',
      id: 'f',
    })
  })

  it('activates with Enter, toggles with Space only on the widget, and escapes', () => {
    expect(resolveKey('Enter', ctx({ highlightedId: 'a' }))).toEqual({ type: 'activate', id: 'a' })
    expect(resolveKey('Enter', ctx())).toBeNull()
    expect(resolveKey(' ', ctx({ highlightedId: 'a' }))).toEqual({ type: 'toggle', id: 'a' })
    expect(resolveKey(' ', ctx({ highlightedId: 'a', focus: 'input' }))).toBeNull()
    expect(resolveKey('Escape', ctx())).toEqual({ type: 'escape' })
    expect(resolveKey('x', ctx())).toBeNull()
  })

  it('leaves IME keys and Tab alone, and opens a closed list with ArrowDown', () => {
    expect(
      resolveNavigationKey(
        { key: 'Enter', isComposing: true },
        { list: flatList, highlightedIndex: 0, focus: 'input' },
      ),
    ).toBeNull()
    expect(
      resolveNavigationKey(
        { key: 'ArrowDown', isComposing: true },
        { list: flatList, highlightedIndex: 0, focus: 'input' },
      ),
    ).toBeNull()
    expect(resolveKey('Tab', ctx({ highlightedId: 'a' }))).toBeNull()
    expect(resolveKey('Enter', ctx({ highlightedId: 'a' }), { open: false })).toBeNull()
    expect(resolveKey('ArrowDown', ctx(), { open: false })).toEqual({ type: 'open' })
    expect(resolveKey('Escape', ctx(), { open: false })).toEqual({ type: 'escape' })
  })

  it('reads only the rows it steps over (O(1) per key, whatever the list length)', () => {
    let reads = 0
    const huge: NavigationList = {
      count: 1_000_000,
      isNavigable: () => {
        reads++
        return true
      },
    }
    for (const key of ['ArrowDown', 'ArrowUp', 'Home', 'End', 'Enter']) {
      reads = 0
      resolveNavigationKey({ key }, { list: huge, highlightedIndex: 500_000, focus: 'widget' })
      expect(reads).toBeLessThanOrEqual(3)
    }
  })
})
