// One cache: inside a host's QueryClientProvider the provider uses the host's QueryClient
// and never replaces it (a host's own queries below it stay in the host's cache).
import { createResourceClient, type ResourceClient } from '@resource-kit/client'
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ResourceKitProvider, useResourceClient } from '../ResourceKitProvider.tsx'

const clients: ResourceClient[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(clients.splice(0).map((client) => client.close()))
})

function resourceClient(queryClient?: QueryClient): ResourceClient {
  const client = createResourceClient(queryClient ? { queryClient } : {})
  clients.push(client)
  return client
}

/** A host's own query, beside the picker. */
function HostProfile({ seen }: { seen: (queryClient: QueryClient) => void }) {
  seen(useQueryClient())
  useResourceClient()
  const profile = useQuery({ queryKey: ['host', 'profile'], queryFn: async () => 'Ada' })
  return <p>{profile.data ?? 'loading'}</p>
}

describe('ResourceKitProvider in a host with its own QueryClient', () => {
  it('keeps the host’s queries in the host’s cache: one QueryClient', async () => {
    const host = new QueryClient()
    const client = resourceClient(host)
    const seen = vi.fn()
    render(
      <QueryClientProvider client={host}>
        <ResourceKitProvider client={client}>
          <HostProfile seen={seen} />
        </ResourceKitProvider>
      </QueryClientProvider>,
    )
    await screen.findByText('Ada')
    expect(seen).toHaveBeenCalledWith(host)
    expect(host.getQueryData(['host', 'profile'])).toBe('Ada')
    expect(client.queryClient).toBe(host)
  })

  it('says how to fix it, instead of replacing the host’s QueryClient with another', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const host = new QueryClient()
    const client = resourceClient()
    expect(() =>
      render(
        <QueryClientProvider client={host}>
          <ResourceKitProvider client={client}>
            <HostProfile seen={() => {}} />
          </ResourceKitProvider>
        </QueryClientProvider>,
      ),
    ).toThrow(/QueryClientProvider around it holds another QueryClient.*\{ queryClient/)
    expect(host.getQueryCache().getAll()).toHaveLength(0)
  })

  it('refuses a queryClient prop the client does not cache in', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const client = resourceClient()
    expect(() =>
      render(<ResourceKitProvider client={client} queryClient={new QueryClient()} />),
    ).toThrow(/queryClient differs from client\.queryClient/)
  })

  it('provides the client’s QueryClient when the host has none', async () => {
    const client = resourceClient()
    const seen = vi.fn()
    render(
      <ResourceKitProvider client={client}>
        <HostProfile seen={seen} />
      </ResourceKitProvider>,
    )
    await screen.findByText('Ada')
    expect(seen).toHaveBeenCalledWith(client.queryClient)
  })
})
