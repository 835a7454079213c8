// The picker's one key beyond the list policy: Alt+Enter (Option+Enter on macOS) on the
// highlighted resource hands it to the host (`onMention`: a chat puts it in its composer)
// without choosing it. Not Ctrl/Cmd+Enter: composers send on it, and Shift+Enter adds a
// line. Pure, like combobox/navigationKeys.ts.
import type { NavigationKey } from '../combobox/navigationKeys.ts'

/** The key as `aria-keyshortcuts` spells it. */
export const MENTION_KEY_SHORTCUT = 'Alt+Enter'

/** Whether the key press is the mention key (an IME's Enter is the IME's). */
export function isMentionKey(key: NavigationKey): boolean {
  return (
    key.key === 'Enter' &&
    key.altKey === true &&
    !key.shiftKey &&
    !key.ctrlKey &&
    !key.metaKey &&
    !key.isComposing
  )
}
