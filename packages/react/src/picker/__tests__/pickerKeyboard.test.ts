import { describe, expect, it } from 'vitest'
import { type KeyContext, type NavRow, resolveKey } from '../pickerKeyboard.ts'

// server s (expanded) > folder f (collapsed, has children) ; leaf a ; header h (not navigable); leaf b
const rows: NavRow[] = [
  { id: 's', parentId: null, hasChildren: true, expanded: true, navigable: true },
  { id: 'f', parentId: 's', hasChildren: true, expanded: false, navigable: true },
  { id: 'a', parentId: 's', hasChildren: false, expanded: false, navigable: true },
  { id: 'h', parentId: null, hasChildren: false, expanded: false, navigable: false },
  { id: 'b', parentId: null, hasChildren: false, expanded: false, navigable: true },
]

const ctx = (over: Partial<KeyContext> = {}): KeyContext => ({
  rows,
  highlightedId: null,
  view: 'tree',
  focus: 'widget',
  ...over,
})

describe('resolveKey', () => {
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
})
