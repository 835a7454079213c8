// Prop-getter plumbing (composeHandlers, mergeRefs): the user's handler runs first and can stop ours with
// event.preventDefault() (as Radix and React Aria compose handlers); refs are merged.
import type { Ref, RefCallback, SyntheticEvent } from 'react'

type Handler<E> = ((event: E) => void) | undefined

/** Calls the user's handler, then ours unless the user prevented the default. */
export function composeHandlers<E extends SyntheticEvent>(user: Handler<E>, ours: Handler<E>) {
  return (event: E) => {
    user?.(event)
    if (!event.defaultPrevented) ours?.(event)
  }
}

/** One ref callback that feeds every given ref. */
export function mergeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (value) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(value)
      // React 18 types RefObject's `current` as read-only; React sets it all the same.
      else if (ref) (ref as { current: T | null }).current = value
    }
  }
}
