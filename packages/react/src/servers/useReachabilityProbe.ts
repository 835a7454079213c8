// A browser's fetch says only "Failed to fetch" when a server refuses the connection, its
// name does not resolve, or CORS blocks the answer. A `no-cors` request to the same URL
// tells one case apart: it comes back (opaque) when the server is there and only CORS
// said no. Run once per failure; the answer feeds describeConnectionFailure.
import { useEffect, useState } from 'react'

export type Reachability = 'reachable' | 'unreachable'

export function useReachabilityProbe(
  url: string | undefined,
  failure: Error | undefined,
): Reachability | undefined {
  const [result, setResult] = useState<{ failure: Error; reachability: Reachability }>()
  useEffect(() => {
    if (!url || !failure || typeof fetch !== 'function') return
    const controller = new AbortController()
    const timeout = setTimeout(() => controller.abort(), 5000)
    fetch(url, {
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: controller.signal,
    })
      .then(
        () => 'reachable' as const,
        () => 'unreachable' as const,
      )
      .then((reachability) => {
        if (!controller.signal.aborted) setResult({ failure, reachability })
      })
      .finally(() => clearTimeout(timeout))
    return () => {
      clearTimeout(timeout)
      controller.abort()
    }
  }, [url, failure])
  return result && result.failure === failure ? result.reachability : undefined
}
