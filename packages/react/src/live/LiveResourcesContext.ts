// The client's LiveResources, made once by ResourceKitProvider. Parts that can also run on
// plain data (the picker in a story) read it as optional: without a provider, no marks.
import { createContext, useContext } from 'react'
import type { LiveResources } from './liveResources.ts'

export const LiveResourcesContext = createContext<LiveResources | null>(null)

/** The nearest provider's LiveResources, or null outside one. */
export function useLiveResources(): LiveResources | null {
  return useContext(LiveResourcesContext)
}
