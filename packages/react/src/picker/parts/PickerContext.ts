// The picker shared with its parts as a store, as cmdk and zustand do: the context value
// is created once per <Picker.Root> and never changes, so a new render of the root does
// not re-render every part. Each part subscribes to the slice it renders
// (`usePickerSelector`), so a highlight change re-renders the two rows it concerns.
import { createContext, useContext, useSyncExternalStore } from 'react'
import type { PickerApi } from '../usePicker.ts'

/** The picker as its parts see it: the latest `usePicker` result behind subscribe/get. */
export interface PickerHandle {
  /** The latest picker (set by the root on each render). */
  get(): PickerApi
  /** Hears of every new picker the root publishes. */
  subscribe(listener: () => void): () => void
  /** Records the root's latest picker (during render: children that render see it). */
  set(api: PickerApi): void
  /** Tells subscribers (after commit). */
  notify(): void
}

/** A handle over `initial`; the root calls set during render and notify after commit. */
export function createPickerHandle(initial: PickerApi): PickerHandle {
  let current = initial
  const listeners = new Set<() => void>()
  return {
    get: () => current,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    set: (api) => {
      current = api
    },
    notify: () => {
      for (const listener of listeners) listener()
    },
  }
}

export const PickerContext = createContext<PickerHandle | null>(null)

function useHandle(): PickerHandle {
  const handle = useContext(PickerContext)
  if (!handle) throw new Error('Picker parts must be rendered inside <Picker.Root>')
  return handle
}

/**
 * A slice of the nearest picker; the part re-renders only when the slice changes (compared
 * with Object.is, so return primitives or stable references).
 */
export function usePickerSelector<T>(selector: (picker: PickerApi) => T): T {
  const handle = useHandle()
  const get = () => selector(handle.get())
  return useSyncExternalStore(handle.subscribe, get, get)
}

/** The nearest picker's whole API (re-renders on every change); throws outside `<Picker.Root>`. */
export function usePickerContext(): PickerApi {
  return usePickerSelector((picker) => picker)
}

/** The nearest picker's handle, for event handlers that read the latest state. */
export function usePickerHandle(): PickerHandle {
  return useHandle()
}
