// Focus for the input-required panel, as for a non-modal dialog: it takes focus when a
// request opens (its first control), Escape cancels the request, and after an answer
// focus goes back to where the person was writing (the composer), unless they had moved
// elsewhere meanwhile.
import { type KeyboardEvent, type RefObject, useEffect, useRef } from 'react'

export interface InputPanelFocus {
  /** Attach to the panel element. */
  panelRef: RefObject<HTMLElement | null>
  /** The panel's keydown: Escape cancels. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
  /** Wraps an answer: runs it, then returns focus if it was in the panel. */
  answered: (respond: () => void) => void
}

const FOCUSABLE = 'input, select, textarea, button, [tabindex]:not([tabindex="-1"])'

/** Focus handling of the panel showing the request `requestId` (undefined: none). */
export function useInputPanelFocus(
  requestId: number | undefined,
  cancel: () => void,
  returnFocus: () => void,
): InputPanelFocus {
  const panelRef = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const panel = panelRef.current
    if (requestId === undefined || !panel) return
    const first = panel.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? panel).focus()
  }, [requestId])

  const answered = (respond: () => void) => {
    const panel = panelRef.current
    const hadFocus = !!panel && panel.contains(panel.ownerDocument.activeElement)
    respond()
    if (hadFocus) returnFocus()
  }
  return {
    panelRef,
    onKeyDown: (event) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      event.preventDefault()
      answered(cancel)
    },
    answered,
  }
}
