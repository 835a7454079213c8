// BEHAVIOUR: what the picker's polite live region says. A screen reader should hear the
// count once when loading settles and once per new result set, not once per page: while any
// server is still connecting or loading pages the text stays as it was, and a new text is
// spoken only after it has held for `delayMs` (typing "main" is one announcement, not four).
import { useEffect, useState } from 'react'
import type { PickerSource } from '../shared/sourceTypes.ts'

/** How long a new message must hold before it is spoken, in ms. */
export const ANNOUNCE_DELAY_MS = 400

/** True while any server is connecting, loading, or fetching more pages. */
export function isLoadingSources(sources: readonly PickerSource[]): boolean {
  return sources.some(
    (s) => s.status === 'connecting' || s.status === 'loading' || s.loadingMore === true,
  )
}

/** The text for the live region: `message` once it has settled, else what was said before. */
export function useLiveAnnouncement(
  message: string,
  busy: boolean,
  delayMs = ANNOUNCE_DELAY_MS,
): string {
  const [spoken, setSpoken] = useState('')
  useEffect(() => {
    if (busy || message === spoken) return
    const timer = setTimeout(() => setSpoken(message), delayMs)
    return () => clearTimeout(timer)
  }, [message, busy, spoken, delayMs])
  return spoken
}
