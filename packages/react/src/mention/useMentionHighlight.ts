// BEHAVIOUR: the popup's highlighted row, from the package's one list navigation. Each
// new `@`, query, mode or template variable is a new list: its highlight starts at the
// first row, the row the live region names and Enter picks. The highlighted row is
// scrolled into view.
import { type RefObject, useEffect } from 'react'
import { useListNavigation } from '../combobox/useListNavigation.ts'

export interface UseMentionHighlightOptions {
  /** Rows shown. */
  count: number
  /** Identifies the list shown; a new key restarts the highlight at the first row. */
  listKey: string
  open: boolean
  /** The element id of row `index`. */
  optionId: (index: number) => string
  /** Any element of the document the rows are in. */
  editorRef: RefObject<HTMLElement | null>
}

/** What `useMentionHighlight` returns. */
export interface MentionHighlight {
  /** The highlighted row (0 when the list is empty). */
  activeIndex: number
  /** Highlights a row (pointer, arrows). */
  setActiveIndex: (index: number) => void
  /** The id for the editor's `aria-activedescendant`, while the popup shows rows. */
  activeDescendant: string | undefined
}

/** The highlighted row of the mention popup. */
export function useMentionHighlight(options: UseMentionHighlightOptions): MentionHighlight {
  const { count, listKey, open, optionId, editorRef } = options
  const navigation = useListNavigation({ list: { count }, listKey, open, optionId })
  const activeIndex = Math.max(0, navigation.highlightedIndex)
  const activeId = optionId(activeIndex)
  useEffect(() => {
    if (!open) return
    editorRef.current?.ownerDocument.getElementById(activeId)?.scrollIntoView({ block: 'nearest' })
  }, [open, activeId, editorRef])
  return {
    activeIndex,
    setActiveIndex: navigation.setHighlightedIndex,
    activeDescendant: navigation.activeDescendant,
  }
}
