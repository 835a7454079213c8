// Completes a redirect-mode sign-in once the app's servers are added (the callback URL's
// `state` names the server waiting for it), and says so when it fails.
import type { ResourceClient } from '@resource-kit/client'
import { useEffect, useRef, useState } from 'react'

/** Completes the sign-in once; returns why it failed, if it did. */
export function useSignInCallback(
  client: ResourceClient,
  callbackUrl: string | undefined,
): string | undefined {
  const [error, setError] = useState<string>()
  const started = useRef(false)
  useEffect(() => {
    if (!callbackUrl || started.current) return
    started.current = true // once, also under StrictMode's second effect run
    client.completeSignIn(callbackUrl).then(
      (completed) => {
        if (!completed) setError('No server was waiting for this sign-in: sign in again.')
      },
      (cause: unknown) => setError(cause instanceof Error ? cause.message : String(cause)),
    )
  }, [client, callbackUrl])
  return error
}
