// DOM: the composer's contenteditable as a value. The DOM is the editing surface; this
// hook reads it as segments, reports each change, restores the initial draft once, and
// writes or clears it.
import { useCallback, useEffect, useRef } from 'react'
import { readSegments, writeSegments } from './editorDom.ts'
import { type MentionSegment, parseMentions, serializeMentions } from './mentionToken.ts'

export interface UseMentionEditorOptions {
  /** The initial draft, as plain text with mention tokens. */
  defaultValue?: string | undefined
  /** Called after every change with the draft as plain text. */
  onValueChange?: ((value: string, segments: MentionSegment[]) => void) | undefined
  /** Whether a template draft chip is in the editor (it keeps the editor non-empty). */
  hasDraft: () => boolean
}

/** What `useMentionEditor` returns. */
export interface MentionEditor {
  /** Attach to the contenteditable element (its shape fits React 18's and 19's `ref`). */
  editorRef: { readonly current: HTMLDivElement | null }
  /** Reports the current content to `onValueChange`. */
  emitChange: () => void
  /** The content as segments (a template draft reads as its text). */
  segments: () => MentionSegment[]
  /** The content as plain text with mention tokens. */
  getValue: () => string
  /** Replaces the content with `value` (plain text with mention tokens). */
  write: (value: string) => void
  /** Empties the editor. */
  clear: () => void
}

/** The editor element as a value: read, write, report changes. */
export function useMentionEditor(options: UseMentionEditorOptions): MentionEditor {
  const editorRef = useRef<HTMLDivElement | null>(null)
  const latest = useRef(options)
  latest.current = options

  const emitChange = useCallback(() => {
    const root = editorRef.current
    if (!root) return
    const segments = readSegments(root)
    // Let `:empty` show the placeholder once everything is deleted.
    if (segments.length === 0 && root.childNodes.length > 0 && !latest.current.hasDraft()) {
      root.replaceChildren()
    }
    latest.current.onValueChange?.(serializeMentions(segments), segments)
  }, [])

  // Restore the initial draft once.
  useEffect(() => {
    const root = editorRef.current
    if (root && latest.current.defaultValue)
      writeSegments(root, parseMentions(latest.current.defaultValue))
  }, [])

  const segments = useCallback(() => (editorRef.current ? readSegments(editorRef.current) : []), [])
  return {
    editorRef,
    emitChange,
    segments,
    getValue: useCallback(() => serializeMentions(segments()), [segments]),
    write: useCallback((value: string) => {
      if (editorRef.current) writeSegments(editorRef.current, parseMentions(value))
    }, []),
    clear: useCallback(() => editorRef.current?.replaceChildren(), []),
  }
}
