// BEHAVIOUR, pure: which key does what, for a combobox over a listbox or a tree (APG).
// Kept free of React and the DOM so every key path is tested in node.

/** The little a row must tell the keyboard logic. */
export interface NavRow {
  id: string
  parentId: string | null
  hasChildren: boolean
  expanded: boolean
  /** False for rows the highlight skips (group headers in the list view). */
  navigable: boolean
}

export type KeyAction =
  | { type: 'highlight'; id: string }
  | { type: 'expand'; id: string }
  | { type: 'collapse'; id: string }
  | { type: 'activate'; id: string }
  | { type: 'toggle'; id: string }
  | { type: 'escape' }

export interface KeyContext {
  rows: readonly NavRow[]
  highlightedId: string | null
  /** Tree keys (Right/Left expand and collapse) apply only in the tree view. */
  view: 'tree' | 'list'
  /**
   * `input`: focus is in a text field, so Home/End/Left/Right belong to the caret unless
   * the field is empty. `widget`: focus is on the listbox/tree itself.
   */
  focus: 'input' | 'widget'
  /** The text field is empty (only meaningful with focus `input`). */
  inputEmpty?: boolean
  /** Rows moved by PageUp/PageDown. @default 10 */
  pageSize?: number
}

function indexOf(rows: readonly NavRow[], id: string | null): number {
  return id === null ? -1 : rows.findIndex((r) => r.id === id)
}

function step(rows: readonly NavRow[], from: number, delta: number): NavRow | undefined {
  const dir = delta > 0 ? 1 : -1
  let i = from
  let moved = 0
  let last: NavRow | undefined
  while (moved < Math.abs(delta)) {
    i += dir
    if (i < 0 || i >= rows.length) break
    if (rows[i]!.navigable) {
      last = rows[i]
      moved++
    }
  }
  return last
}

function edge(rows: readonly NavRow[], first: boolean): NavRow | undefined {
  return first ? rows.find((r) => r.navigable) : rows.findLast((r) => r.navigable)
}

/** Maps a key press to an action, or null when the key is not ours (let it through). */
export function resolveKey(key: string, ctx: KeyContext): KeyAction | null {
  const { rows } = ctx
  const current = indexOf(rows, ctx.highlightedId)
  const row = current >= 0 ? rows[current] : undefined
  const caretFree = ctx.focus === 'widget' || ctx.inputEmpty === true
  const go = (target: NavRow | undefined): KeyAction | null =>
    target ? { type: 'highlight', id: target.id } : null

  switch (key) {
    case 'ArrowDown':
      return go(row ? (step(rows, current, 1) ?? row) : edge(rows, true))
    case 'ArrowUp':
      return go(row ? (step(rows, current, -1) ?? row) : edge(rows, false))
    case 'PageDown':
      return go(
        row ? (step(rows, current, ctx.pageSize ?? 10) ?? edge(rows, false)) : edge(rows, true),
      )
    case 'PageUp':
      return go(
        row ? (step(rows, current, -(ctx.pageSize ?? 10)) ?? edge(rows, true)) : edge(rows, false),
      )
    case 'Home':
      return caretFree ? go(edge(rows, true)) : null
    case 'End':
      return caretFree ? go(edge(rows, false)) : null
    case 'ArrowRight': {
      if (!caretFree || ctx.view !== 'tree' || !row || !row.hasChildren) return null
      if (!row.expanded) return { type: 'expand', id: row.id }
      const child = rows[current + 1]
      return child && child.parentId === row.id && child.navigable ? go(child) : null
    }
    case 'ArrowLeft': {
      if (!caretFree || ctx.view !== 'tree' || !row) return null
      if (row.hasChildren && row.expanded) return { type: 'collapse', id: row.id }
      const parent = row.parentId === null ? undefined : rows.find((r) => r.id === row.parentId)
      return parent?.navigable ? go(parent) : null
    }
    case 'Enter':
      return row ? { type: 'activate', id: row.id } : null
    case ' ':
      // In a text field a space is text; on the widget it toggles (APG multi-select).
      return ctx.focus === 'widget' && row ? { type: 'toggle', id: row.id } : null
    case 'Escape':
      return { type: 'escape' }
    default:
      return null
  }
}
