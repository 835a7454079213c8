// BEHAVIOUR: what the picker's polite live region says. A screen reader should hear the
// count once when loading settles and once per new result set, not once per page: while any
// server is still connecting or loading pages the text stays as it was, and a new text is
// spoken only after it has held for `delayMs` (typing "main" is one announcement, not four).
// The settled text lives in a small store the live region's text subscribes to: speaking it
// renders that text alone, not the picker (it was a third render per settled keystroke).
import { createElement, useEffect, useState, useSyncExternalStore } from 'react'
import { useScheduler } from '../queries/ResourceKitProvider.tsx'
import type { PickerSource } from '../shared/sourceTypes.ts'

/** How long a new message must hold before it is spoken, in ms. */
export const ANNOUNCE_DELAY_MS = 400

/** True while any server is connecting, loading, or fetching more pages. */
export function isLoadingSources(sources: readonly PickerSource[]): boolean {
  return sources.some(
    (s) => s.status === 'connecting' || s.status === 'loading' || s.loadingMore === true,
  )
}

/** The text the live region says now, for the parts that render it. */
export interface Announcer {
  get(): string
  subscribe(listener: () => void): () => void
}

function createAnnouncer(): Announcer & { set(text: string): void } {
  let text = ''
  const listeners = new Set<() => void>()
  return {
    get: () => text,
    set: (next) => {
      if (next === text) return
      text = next
      for (const listener of listeners) listener()
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** Speaks `message` once it has settled (not busy, held for `delayMs`). */
export function useLiveAnnouncement(
  message: string,
  busy: boolean,
  delayMs = ANNOUNCE_DELAY_MS,
): Announcer {
  const [announcer] = useState(createAnnouncer)
  const scheduler = useScheduler()
  useEffect(() => {
    if (busy || message === announcer.get()) return
    const timer = scheduler.setTimeout(() => announcer.set(message), delayMs)
    return () => scheduler.clearTimeout(timer)
  }, [message, busy, delayMs, announcer, scheduler])
  return announcer
}

function AnnouncementText({ announcer }: { announcer: Announcer }) {
  return useSyncExternalStore(announcer.subscribe, announcer.get, announcer.get)
}

/** The live region's content: the settled text, re-rendered on its own. */
export function announcementText(announcer: Announcer) {
  return createElement(AnnouncementText, { announcer })
}
