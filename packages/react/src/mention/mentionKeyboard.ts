// BEHAVIOUR (pure): what a key does in the composer. While the popup is open, moving and
// choosing follow the package's one key policy (combobox/navigationKeys.ts: arrows stop at
// the ends, Enter chooses, Tab is not ours, IME keys are left alone); on top of it come a
// chat input's habits: Escape, Backspace through a template draft, Enter sends, and Tab
// takes a template value (a folder descends, as path completion does).
import { resolveNavigationKey } from '../combobox/navigationKeys.ts'

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

/** The action for a key, or null to let the browser handle it. */
export function resolveMentionKey(ctx: MentionKeyContext): MentionKeyAction | null {
  const { key, open, count } = ctx
  if (ctx.isComposing) return null
  if (open && count > 0) {
    // The caret owns Home/End/Left/Right: the editor holds more text than the query.
    const nav = resolveNavigationKey(
      { key, shiftKey: ctx.shiftKey },
      { list: { count }, highlightedIndex: ctx.activeIndex, focus: 'input', inputEmpty: false },
    )
    if (nav?.type === 'highlight') return { type: 'move', index: nav.index }
    if (nav?.type === 'activate') return { type: 'choose', index: nav.index }
    // In a template value, Tab takes the suggestion as path completion does (a folder
    // descends); elsewhere Tab leaves the composer.
    if (key === 'Tab' && !ctx.shiftKey && ctx.mode === 'value')
      return { type: 'choose', index: ctx.activeIndex }
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
