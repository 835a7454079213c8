// BEHAVIOUR: Enter faster than the search. While the rows shown are still those of an
// earlier query (its hits on their way from the worker, or completion values in flight),
// Enter on the row highlighted for the person is held, then replayed on the current
// query's own rows once they show: what was typed is what gets chosen, never a row of the
// query before it. A new list (more typing, another variable) drops it. A row the person
// highlighted themselves (arrows) is chosen at once: it is the one they saw.
import { useCallback, useEffect, useRef } from 'react'

export interface UseHeldActivationOptions {
  /** The rows shown are not yet the current list's. */
  pending: boolean
  /** Identifies the current list (a query, a template variable). */
  listKey: unknown
  /** Runs the held Enter again, on the rows shown now. Called with the latest render's state. */
  onReplay: () => void
  /** A held Enter was dropped: the list changed before its rows came. */
  onDrop?: () => void
}

/** What `useHeldActivation` returns. */
export interface HeldActivation {
  /** On Enter: true when it is held until the list's own rows show (do nothing else now). */
  hold: () => boolean
  /** The person moved the highlight in this list: their Enter is theirs, not held. */
  moved: () => void
  /** Forgets a held Enter (another key took over). */
  drop: () => void
  /** Whether an Enter is held now. */
  isHolding: () => boolean
}

interface Held {
  listKey: unknown
}

export function useHeldActivation(options: UseHeldActivationOptions): HeldActivation {
  const { pending, listKey } = options
  const latest = useRef(options)
  latest.current = options
  const held = useRef<Held | null>(null)
  const movedIn = useRef<{ listKey: unknown } | null>(null)

  useEffect(() => {
    const h = held.current
    if (!h) return
    if (!Object.is(h.listKey, listKey)) {
      held.current = null
      latest.current.onDrop?.()
    } else if (!pending) {
      held.current = null
      latest.current.onReplay()
    }
  }, [pending, listKey])

  const hold = useCallback(() => {
    const o = latest.current
    if (!o.pending) return false
    if (movedIn.current && Object.is(movedIn.current.listKey, o.listKey)) return false
    held.current = { listKey: o.listKey }
    return true
  }, [])
  const moved = useCallback(() => {
    movedIn.current = { listKey: latest.current.listKey }
    held.current = null
  }, [])
  const drop = useCallback(() => {
    held.current = null
  }, [])
  const isHolding = useCallback(() => held.current !== null, [])
  return { hold, moved, drop, isHolding }
}
