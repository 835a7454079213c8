// The provider: one ResourceClient and the QueryClient it caches in, shared with React Query,
// so the app, the client and the picker read and invalidate one cache; and the client's
// LiveResources (live/), the one owner of watches and change marks.
import { defaultScheduler, type ResourceClient, type Scheduler } from '@resource-kit/client'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react'
import { LiveResourcesContext } from '../live/LiveResourcesContext.ts'
import { LiveResources } from '../live/liveResources.ts'

const ResourceClientContext = createContext<ResourceClient | null>(null)

export interface ResourceKitProviderProps {
  /** The headless client every hook and part below reads from. */
  client: ResourceClient
  /** The app's QueryClient; must be the one the client caches in. @default client.queryClient */
  queryClient?: QueryClient
  children?: ReactNode
}

/** Makes a ResourceClient (and its QueryClient) available to the hooks and parts below. */
export function ResourceKitProvider({ client, queryClient, children }: ResourceKitProviderProps) {
  if (queryClient && queryClient !== client.queryClient) {
    // Two caches would split invalidation: list_changed would refresh one and not the other.
    throw new Error(
      'ResourceKitProvider: queryClient differs from client.queryClient; create the ResourceClient with { queryClient } so there is one cache.',
    )
  }
  // One watch per server and one change state per resource, for everything below.
  const live = useMemo(() => new LiveResources(client), [client])
  useEffect(() => () => live.destroy(), [live])
  return (
    <ResourceClientContext.Provider value={client}>
      <LiveResourcesContext.Provider value={live}>
        <QueryClientProvider client={client.queryClient}>{children}</QueryClientProvider>
      </LiveResourcesContext.Provider>
    </ResourceClientContext.Provider>
  )
}

/** The ResourceClient from the nearest ResourceKitProvider; throws outside one. */
export function useResourceClient(): ResourceClient {
  const client = useContext(ResourceClientContext)
  if (!client) throw new Error('useResourceClient must be used inside <ResourceKitProvider>')
  return client
}

/**
 * The one clock of everything below (`client.scheduler`): debounces, delays, coalescing and
 * idle pacing wait through it, so a test drives the client's time and ours through one
 * seam. Outside a provider (parts given sources by hand): the global timers.
 */
export function useScheduler(): Scheduler {
  return useContext(ResourceClientContext)?.scheduler ?? defaultScheduler
}
