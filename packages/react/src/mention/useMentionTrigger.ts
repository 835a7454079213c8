// BEHAVIOUR: where the `@` query is and whether its popup may show. The caret is read
// from the DOM on every input and selection change (`findTrigger`); each `@` is a
// session (a new list, whose highlight starts at the top). Escape dismisses the popup
// until the next keystroke of the query; a space continues the query while it still
// matches (multi-word titles), and a query with a space that matches nothing ends the
// mention for the rest of that session, so the text reads on as plain text.
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { findTrigger, type TriggerMatch } from './editorDom.ts'

/** The `@` query at the caret, as React state. */
export interface TriggerState {
  /** What was typed after the `@` (or after a template draft). */
  query: string
  /** The query is a value typed after a template draft. */
  inDraft: boolean
  /** Which `@` this is: a new trigger is a new list, whose highlight starts at the top. */
  session: number
  /** Bumped on every sync, so the popup re-measures the caret. */
  version: number
}

export interface UseMentionTriggerOptions {
  /** The contenteditable editor. */
  editorRef: RefObject<HTMLElement | null>
  /** Runs before each read of the caret (e.g. to drop a template draft the user deleted). */
  beforeSync?: () => void
}

/** What `useMentionTrigger` returns. */
export interface MentionTrigger {
  /** The query at the caret, or null when the caret is not in one. */
  trigger: TriggerState | null
  /** The DOM position of that query (text node and offsets), for edits. */
  triggerRef: RefObject<TriggerMatch | null>
  /** Whether the editor has focus. */
  focused: boolean
  /** The popup of this query was closed with Escape. */
  dismissed: boolean
  /** Closes (true) or reopens (false) the popup of the current query. */
  setDismissed: (dismissed: boolean) => void
  /** Whether this session was ended by a space after which nothing matched. */
  isEnded: (session: number) => boolean
  /** Ends the mention of `session`: the popup stays closed while the caret stays in it. */
  end: (session: number) => void
  /** Reads the caret again (after an input or an edit of ours). */
  sync: () => void
  /** Call from the editor's focus and blur. */
  onFocusChange: (focused: boolean) => void
}

/** The `@` query at the caret of `editorRef`, kept in sync with the selection. */
export function useMentionTrigger(options: UseMentionTriggerOptions): MentionTrigger {
  const { editorRef } = options
  const latest = useRef(options)
  latest.current = options
  const triggerRef = useRef<TriggerMatch | null>(null)
  const sessions = useRef(0)
  const [focused, setFocused] = useState(false)
  const [dismissed, setDismissed] = useState(false)
  const [trigger, setTrigger] = useState<TriggerState | null>(null)
  const stateRef = useRef<TriggerState | null>(null)
  const [endedSession, setEndedSession] = useState<number | null>(null)

  const sync = useCallback(() => {
    const root = editorRef.current
    if (!root) return
    latest.current.beforeSync?.()
    const previous = triggerRef.current
    const match = findTrigger(root, root.ownerDocument.getSelection())
    triggerRef.current = match
    // Same `@` while it starts at the same place of the same text (or follows the same draft).
    const same =
      previous !== null &&
      match !== null &&
      previous.draft === match.draft &&
      (match.draft !== null || (previous.node === match.node && previous.start === match.start))
    // Compared outside React: an unchanged state is not even set (the `selectionchange`
    // after each input, a click at the caret), so nothing renders or measures again.
    const prev = stateRef.current
    const inDraft = match?.draft != null
    if (match && same && prev && prev.query === match.query && prev.inDraft === inDraft) return
    if (!match && !prev) return
    const next = match && {
      query: match.query,
      inDraft,
      session: same && prev ? prev.session : ++sessions.current,
      version: (prev?.version ?? 0) + 1,
    }
    stateRef.current = next
    setTrigger(next)
  }, [editorRef])

  // The caret moves without input events too (clicks, arrows when closed).
  useEffect(() => {
    if (!focused) return
    const doc = editorRef.current?.ownerDocument ?? document
    doc.addEventListener('selectionchange', sync)
    return () => doc.removeEventListener('selectionchange', sync)
  }, [focused, sync, editorRef])

  const onFocusChange = useCallback(
    (next: boolean) => {
      setFocused(next)
      if (next) sync()
    },
    [sync],
  )

  return {
    trigger,
    triggerRef,
    focused,
    dismissed,
    setDismissed,
    isEnded: (session) => endedSession === session,
    end: setEndedSession,
    sync,
    onFocusChange,
  }
}
