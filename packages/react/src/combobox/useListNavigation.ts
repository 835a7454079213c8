// BEHAVIOUR: the one list-navigation layer the side picker, the @-mention popup and the
// template field are composed from: the highlighted row, the open state, the key policy
// of `navigationKeys.ts` (with its IME guard) and the `aria-activedescendant` it implies.
// The highlight is controlled (the picker keeps a row id in its store) or kept here, where
// it restarts at `initialIndex` whenever `listKey` changes (a new query is a new list).
import { type KeyboardEvent, useCallback, useRef, useState } from 'react'
import {
  type NavigationAction,
  type NavigationList,
  resolveNavigationKey,
} from './navigationKeys.ts'

export interface UseListNavigationOptions {
  /** The rows, read by index. */
  list: NavigationList
  /** Controlled highlight (-1 for none). */
  highlightedIndex?: number
  /** Called with the row the keyboard or pointer highlights. */
  onHighlightedIndexChange?: (index: number) => void
  /** Identifies the list shown: when it changes, an uncontrolled highlight restarts. */
  listKey?: unknown
  /** Where an uncontrolled highlight starts (-1: nothing highlighted). @default 0 */
  initialIndex?: number
  /** Controlled open state. */
  open?: boolean
  /** Called when a key opens the list (ArrowDown on a closed popup). */
  onOpenChange?: (open: boolean) => void
  /** `input`: focus stays in a text field; `widget`: on the list itself. @default 'input' */
  focus?: 'input' | 'widget'
  /** The text field is empty (Home/End/Left/Right are then free for the list). */
  inputEmpty?: boolean
  /** Rows moved by PageUp/PageDown. @default 10 */
  pageSize?: number
  /** The element id of row `index`. */
  optionId: (index: number) => string
  /** Whether row `index` is in the DOM (virtualized lists); unrendered rows are never the active descendant. */
  isRendered?: (index: number) => boolean
  /** Enter on the highlighted row. */
  onActivate?: (index: number) => void
  /** Space on the highlighted row (focus on the widget). @default onActivate */
  onToggle?: (index: number) => void
  /** Right on a collapsed tree row. */
  onExpand?: (index: number) => void
  /** Left on an expanded tree row. */
  onCollapse?: (index: number) => void
  /** Escape. */
  onEscape?: () => void
}

/** What `useListNavigation` returns. */
export interface ListNavigation {
  /** The highlighted row, or -1. */
  highlightedIndex: number
  /** Highlights a row (pointer hover, a new result). */
  setHighlightedIndex: (index: number) => void
  /** Whether the list is shown. */
  open: boolean
  /** The id for `aria-activedescendant`: the highlighted row when shown and rendered. */
  activeDescendant: string | undefined
  /** Handles a key press (from where focus is, if not `options.focus`): true when it was ours; its default is then prevented. */
  onKeyDown: (event: KeyboardEvent, focus?: 'input' | 'widget') => boolean
  /** Resolves a key without acting on it (for widgets that add keys of their own). */
  resolve: (event: KeyboardEvent, focus?: 'input' | 'widget') => NavigationAction | null
}

interface OwnHighlight {
  listKey: unknown
  index: number
}

/** Highlight, open state, key policy and active descendant for one list or tree. */
export function useListNavigation(options: UseListNavigationOptions): ListNavigation {
  const { list, listKey, initialIndex = 0 } = options
  const [own, setOwn] = useState<OwnHighlight>({ listKey, index: initialIndex })
  const controlled = options.highlightedIndex !== undefined
  const rawIndex = controlled
    ? (options.highlightedIndex ?? -1)
    : own.listKey === listKey
      ? own.index
      : initialIndex
  // Never past the end of a list that shrank.
  const highlightedIndex = Math.min(rawIndex, list.count - 1)
  const open = options.open ?? true

  const latest = useRef(options)
  latest.current = options
  const setHighlightedIndex = useCallback(
    (index: number) => {
      latest.current.onHighlightedIndexChange?.(index)
      if (latest.current.highlightedIndex === undefined) setOwn({ listKey, index })
    },
    [listKey],
  )

  const resolve = (event: KeyboardEvent, focus = options.focus): NavigationAction | null =>
    resolveNavigationKey(
      {
        key: event.key,
        shiftKey: event.shiftKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        isComposing: event.nativeEvent.isComposing,
      },
      {
        list,
        highlightedIndex,
        open,
        focus: focus ?? 'input',
        inputEmpty: options.inputEmpty ?? false,
        pageSize: options.pageSize ?? 10,
      },
    )

  const onKeyDown = (event: KeyboardEvent, focus = options.focus): boolean => {
    const action = resolve(event, focus)
    if (!action) return false
    event.preventDefault()
    const o = latest.current
    switch (action.type) {
      case 'highlight':
        setHighlightedIndex(action.index)
        break
      case 'open':
        o.onOpenChange?.(true)
        break
      case 'activate':
        o.onActivate?.(action.index)
        break
      case 'toggle':
        ;(o.onToggle ?? o.onActivate)?.(action.index)
        break
      case 'expand':
        o.onExpand?.(action.index)
        break
      case 'collapse':
        o.onCollapse?.(action.index)
        break
      case 'escape':
        o.onEscape?.()
        break
    }
    return true
  }

  const shown =
    open &&
    highlightedIndex >= 0 &&
    highlightedIndex < list.count &&
    (options.isRendered?.(highlightedIndex) ?? true)

  return {
    highlightedIndex,
    setHighlightedIndex,
    open,
    activeDescendant: shown ? options.optionId(highlightedIndex) : undefined,
    onKeyDown,
    resolve,
  }
}
