// BEHAVIOUR (pure): what a key does in the composer, following the WAI-ARIA combobox
// pattern while the popup is open, and a chat input's habits when it is closed.

export type MentionKeyAction =
  /** Make another option active. */
  | { type: 'move'; index: number }
  /** Choose the active option. */
  | { type: 'choose'; index: number }
  /** Close the popup, keeping the text. */
  | { type: 'dismiss' }
  /** Reopen a popup closed with Escape. */
  | { type: 'reopen' }
  /** Leave the template draft, putting the `@query` back. */
  | { type: 'cancelDraft' }
  /** Go back one template variable (cancel the draft at the first). */
  | { type: 'back' }
  /** Send the message. */
  | { type: 'submit' }
  /** Swallow the key (e.g. Enter in a draft with nothing to choose). */
  | { type: 'ignore' }

export interface MentionKeyContext {
  key: string
  shiftKey: boolean
  /** An IME composition is in progress: keys belong to it. */
  isComposing: boolean
  open: boolean
  /** Options shown. */
  count: number
  activeIndex: number
  /** `value`: the caret is in a template draft. */
  mode: 'resource' | 'value'
  /** Nothing typed after the `@` or the draft. */
  queryEmpty: boolean
  /** An `@query` is at the caret but its popup was closed with Escape. */
  dismissed: boolean
}

const PAGE = 10

/** The action for a key, or null to let the browser handle it. */
export function resolveMentionKey(ctx: MentionKeyContext): MentionKeyAction | null {
  const { key, open, count, activeIndex: i } = ctx
  if (ctx.isComposing) return null
  if (open && count > 0) {
    switch (key) {
      case 'ArrowDown':
        return { type: 'move', index: (i + 1) % count }
      case 'ArrowUp':
        return { type: 'move', index: (i - 1 + count) % count }
      case 'PageDown':
        return { type: 'move', index: Math.min(count - 1, i + PAGE) }
      case 'PageUp':
        return { type: 'move', index: Math.max(0, i - PAGE) }
      case 'Enter':
      case 'Tab':
        if (!ctx.shiftKey) return { type: 'choose', index: i }
    }
  }
  if (key === 'Escape') {
    if (ctx.mode === 'value') return { type: 'cancelDraft' }
    if (open) return { type: 'dismiss' }
  }
  if (key === 'Backspace' && ctx.mode === 'value' && ctx.queryEmpty) return { type: 'back' }
  if (key === 'ArrowDown' && !open && ctx.dismissed) return { type: 'reopen' }
  if (key === 'Enter' && !ctx.shiftKey) {
    // No match for an `@query`: send it as text. A template value is required: wait for one.
    return ctx.mode === 'value' && open ? { type: 'ignore' } : { type: 'submit' }
  }
  return null
}
