// The value as it was `delay` ms after it last changed (timers, so fake timers work).
import { useEffect, useState } from 'react'

/** Returns `value` once it has stayed the same for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    if (delay <= 0) {
      setDebounced(value)
      return
    }
    const timer = setTimeout(() => setDebounced(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return delay <= 0 ? value : debounced
}
