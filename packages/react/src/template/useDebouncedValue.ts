// The value as it was `delay` ms after it last changed (on the client's scheduler, so a
// test's clock drives it).
import { useEffect, useState } from 'react'
import { useScheduler } from '../queries/ResourceKitProvider.tsx'

/** Returns `value` once it has stayed the same for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value)
  const scheduler = useScheduler()
  useEffect(() => {
    if (delay <= 0) {
      setDebounced(value)
      return
    }
    const timer = scheduler.setTimeout(() => setDebounced(value), delay)
    return () => scheduler.clearTimeout(timer)
  }, [value, delay, scheduler])
  return delay <= 0 ? value : debounced
}
