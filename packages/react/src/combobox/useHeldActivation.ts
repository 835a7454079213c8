// BEHAVIOUR: Enter faster than the search. While the rows shown are still those of an
// earlier query (its hits on their way from the worker, or completion values in flight),
// Enter on the row highlighted for the person is held, then replayed on the current
// query's own rows once they show: what was typed is what gets chosen, never a row of the
// query before it. A new list (more typing, another variable) drops it, and so does a
// search that has not answered within HOLD_LIMIT_MS (a worker gone, a server that does not
// answer): the Enter is then not taken. A row the person highlighted themselves (arrows)
// is chosen at once: it is the one they saw.
import { useCallback, useEffect, useRef } from 'react'
import { useScheduler } from '../queries/ResourceKitProvider.tsx'

export interface UseHeldActivationOptions<T> {
  /** The rows shown are not yet the current list's. */
  pending: boolean
  /** Identifies the current list (a query, a template variable). */
  listKey: unknown
  /** Runs the held Enter (given to `hold`) again, on the rows shown now, with the latest render's state. */
  onReplay: (held: T) => void
  /** A held Enter was dropped: the list changed before its rows came. */
  onDrop?: () => void
}

/** What `useHeldActivation` returns. */
export interface HeldActivation<T> {
  /** On Enter (`held`: what to replay): true when it waits for the list's own rows (do nothing else now). */
  hold: (held: T) => boolean
  /** The person moved the highlight in this list: their Enter is theirs, not held. */
  moved: () => void
  /** Forgets a held Enter (another key took over). */
  drop: () => void
  /** Whether an Enter is held now. */
  isHolding: () => boolean
}

/** How long an Enter waits for its rows before it is dropped. */
export const HOLD_LIMIT_MS = 1000

interface Held<T> {
  listKey: unknown
  timer: unknown
  value: T
}

export function useHeldActivation<T = void>(
  options: UseHeldActivationOptions<T>,
): HeldActivation<T> {
  const { pending, listKey } = options
  const latest = useRef(options)
  latest.current = options
  const held = useRef<Held<T> | null>(null)
  const scheduler = useScheduler()
  const movedIn = useRef<{ listKey: unknown } | null>(null)

  /** Forgets the held Enter; true when there was one. */
  const release = useCallback(() => {
    const h = held.current
    if (!h) return false
    scheduler.clearTimeout(h.timer)
    held.current = null
    return true
  }, [scheduler])

  useEffect(() => {
    const h = held.current
    if (!h) return
    if (!Object.is(h.listKey, listKey)) {
      release()
      latest.current.onDrop?.()
    } else if (!pending) {
      release()
      latest.current.onReplay(h.value)
    }
  }, [pending, listKey, release])
  useEffect(() => () => void release(), [release])

  const hold = useCallback(
    (value: T) => {
      const o = latest.current
      if (!o.pending) return false
      if (movedIn.current && Object.is(movedIn.current.listKey, o.listKey)) return false
      release()
      const timer = scheduler.setTimeout(() => {
        if (release()) latest.current.onDrop?.()
      }, HOLD_LIMIT_MS)
      held.current = { listKey: o.listKey, timer, value }
      return true
    },
    [release, scheduler],
  )
  const moved = useCallback(() => {
    movedIn.current = { listKey: latest.current.listKey }
    release()
  }, [release])
  const isHolding = useCallback(() => held.current !== null, [])
  return { hold, moved, drop: release, isHolding }
}
