// BEHAVIOUR, pure: which key does what in a list or tree reached through
// `aria-activedescendant` (APG combobox, listbox, tree). The one key policy of every
// combobox in the package: the side picker, the @-mention popup and the template field.
//
// - Arrows move one row and stop at the ends (no wrap), as APG listbox and tree do;
//   Home/End and PageUp/PageDown jump. With nothing highlighted, ArrowDown goes to the first
//   row and ArrowUp to the last.
// - Enter (without modifiers) activates the highlighted row. Tab is never ours: focus moves
//   on as everywhere else on the page, and a popup closes on blur.
// - Space toggles only when focus is on the list itself (in a text field a space is text).
// - In a text field, Home/End/Left/Right belong to the caret unless the field is empty.
// - Keys during an IME composition belong to it.
// - A closed popup opens on ArrowDown; Escape is always reported (each widget decides).
//
// O(1) in the number of rows: rows are read by index through the list's accessors; only
// rows the highlight may not land on (group headers) are stepped over.

/** How the keyboard logic sees the rows: by index, never as an array it copies. */
export interface NavigationList {
  /** How many rows there are. */
  count: number
  /** Whether the highlight may land on row `index`. @default every row */
  isNavigable?: (index: number) => boolean
  /** Tree structure (Right/Left expand, collapse, enter, leave); omit for a flat list. */
  tree?: NavigationTree
}

/** What Right/Left need to know about a tree row. */
export interface NavigationTree {
  /** Whether the row can expand. */
  hasChildren(index: number): boolean
  /** Whether the row is expanded. */
  isExpanded(index: number): boolean
  /** The index of the row's parent, or -1 for a top-level row. */
  parentIndex(index: number): number
}

/** The key press, as much of a KeyboardEvent as the policy reads. */
export interface NavigationKey {
  key: string
  shiftKey?: boolean
  ctrlKey?: boolean
  metaKey?: boolean
  altKey?: boolean
  /** An IME composition is in progress (`event.nativeEvent.isComposing`). */
  isComposing?: boolean
}

export interface NavigationKeyContext {
  list: NavigationList
  /** The highlighted row, or -1. */
  highlightedIndex: number
  /** Whether the list is shown. @default true */
  open?: boolean
  /** `input`: focus is in a text field; `widget`: on the listbox or tree itself. */
  focus: 'input' | 'widget'
  /** The text field is empty, so the caret does not need Home/End/Left/Right. */
  inputEmpty?: boolean
  /** Rows moved by PageUp/PageDown. @default 10 */
  pageSize?: number
}

export type NavigationAction =
  | { type: 'highlight'; index: number }
  | { type: 'expand'; index: number }
  | { type: 'collapse'; index: number }
  | { type: 'activate'; index: number }
  | { type: 'toggle'; index: number }
  | { type: 'open' }
  | { type: 'escape' }

const DEFAULT_PAGE = 10

function navigable(list: NavigationList, index: number): boolean {
  return index >= 0 && index < list.count && (list.isNavigable?.(index) ?? true)
}

/** The row `delta` navigable rows away from `from`, stopping at the ends; -1 if none. */
function step(list: NavigationList, from: number, delta: number): number {
  const dir = delta > 0 ? 1 : -1
  let last = -1
  let moved = 0
  for (let i = from + dir; i >= 0 && i < list.count && moved < Math.abs(delta); i += dir) {
    if (navigable(list, i)) {
      last = i
      moved++
    }
  }
  return last
}

/** The first (or last) navigable row; -1 if none. */
function edge(list: NavigationList, first: boolean): number {
  return first ? step(list, -1, 1) : step(list, list.count, -1)
}

/** Maps a key press to an action, or null when the key is not ours (let it through). */
export function resolveNavigationKey(
  event: NavigationKey,
  ctx: NavigationKeyContext,
): NavigationAction | null {
  if (event.isComposing) return null
  const { list } = ctx
  if (ctx.open === false) {
    if (event.key === 'ArrowDown' && list.count > 0) return { type: 'open' }
    return event.key === 'Escape' ? { type: 'escape' } : null
  }
  const current = navigable(list, ctx.highlightedIndex) ? ctx.highlightedIndex : -1
  const caretFree = ctx.focus === 'widget' || ctx.inputEmpty === true
  const page = ctx.pageSize ?? DEFAULT_PAGE
  const go = (index: number): NavigationAction | null =>
    index >= 0 ? { type: 'highlight', index } : null
  const modified = event.shiftKey || event.ctrlKey || event.metaKey || event.altKey

  switch (event.key) {
    case 'ArrowDown':
      return go(current >= 0 ? stepOrStay(list, current, 1) : edge(list, true))
    case 'ArrowUp':
      return go(current >= 0 ? stepOrStay(list, current, -1) : edge(list, false))
    case 'PageDown':
      return go(current >= 0 ? orEdge(step(list, current, page), list, false) : edge(list, true))
    case 'PageUp':
      return go(current >= 0 ? orEdge(step(list, current, -page), list, true) : edge(list, false))
    case 'Home':
      return caretFree ? go(edge(list, true)) : null
    case 'End':
      return caretFree ? go(edge(list, false)) : null
    case 'ArrowRight': {
      const tree = list.tree
      if (!caretFree || !tree || current < 0 || !tree.hasChildren(current)) return null
      if (!tree.isExpanded(current)) return { type: 'expand', index: current }
      const child = current + 1
      return navigable(list, child) && tree.parentIndex(child) === current ? go(child) : null
    }
    case 'ArrowLeft': {
      const tree = list.tree
      if (!caretFree || !tree || current < 0) return null
      if (tree.hasChildren(current) && tree.isExpanded(current)) {
        return { type: 'collapse', index: current }
      }
      const parent = tree.parentIndex(current)
      return navigable(list, parent) ? go(parent) : null
    }
    case 'Enter':
      return current >= 0 && !modified ? { type: 'activate', index: current } : null
    case ' ':
      return ctx.focus === 'widget' && current >= 0 ? { type: 'toggle', index: current } : null
    case 'Escape':
      return { type: 'escape' }
    default:
      return null
  }
}

function stepOrStay(list: NavigationList, from: number, delta: number): number {
  const to = step(list, from, delta)
  return to >= 0 ? to : from
}

function orEdge(index: number, list: NavigationList, first: boolean): number {
  return index >= 0 ? index : edge(list, first)
}
