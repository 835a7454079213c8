import type { ServerAuthSnapshot } from '@resource-kit/client'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createFakeClient, readySnapshot } from '../../__tests__/fakeClient.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import { useResourceSources } from '../../queries/useResourceSources.ts'
import { ServerStatusList } from '../ServerStatusList.tsx'

const resources = Array.from({ length: 3 }, (_, i) => ({
  uri: `file:///r${i}.md`,
  name: `r${i}.md`,
}))

function List({ onRemove }: { onRemove?: (id: string) => void }) {
  const sources = useResourceSources()
  return (
    <ServerStatusList
      sources={sources}
      names={new Map([['demo', 'Demo workspace']])}
      urls={new Map([['demo', 'http://127.0.0.1:4000/mcp']])}
      onRemove={onRemove}
      removable={(id) => id !== 'demo'}
    />
  )
}

const card = (id: string) =>
  document.querySelector<HTMLElement>(`.rk-server[data-server-id="${id}"]`)!

describe('ServerStatusList', () => {
  it('says how each server is doing: live with its count, reconnecting, offline with Retry', async () => {
    const client = createFakeClient([{ snapshot: readySnapshot('demo'), pages: [resources] }])
    render(
      <ResourceKitProvider client={client}>
        <List />
      </ResourceKitProvider>,
    )
    await waitFor(() =>
      expect(within(card('demo')).getByRole('status').textContent).toBe('3 resources'),
    )
    expect(card('demo').dataset.state).toBe('live')
    expect(within(card('demo')).getByText('Demo workspace')).toBeTruthy()
    expect(within(card('demo')).getByText('127.0.0.1:4000/mcp')).toBeTruthy()
    expect(within(card('demo')).queryByRole('button', { name: /Retry/ })).toBeNull()

    const dropped = new TypeError('fetch failed')
    act(() =>
      client.setServer('demo', {
        snapshot: { ...readySnapshot('demo'), status: 'reconnecting', error: dropped },
      }),
    )
    expect(card('demo').dataset.state).toBe('reconnecting')
    expect(within(card('demo')).getByRole('status').textContent).toBe(
      'Not answering, reconnecting…',
    )

    act(() =>
      client.setServer('demo', {
        snapshot: { ...readySnapshot('demo'), status: 'offline', error: dropped },
      }),
    )
    expect(card('demo').dataset.state).toBe('offline')
    expect(within(card('demo')).getByRole('status').textContent).toMatch(
      /^Offline: .*Trying again on its own\.$/,
    )
    fireEvent.click(within(card('demo')).getByRole('button', { name: 'Retry Demo workspace' }))
    expect(client.calls.reconnect).toEqual(['demo'])
  })

  it('offers Sign in on a server that needs it (a state, not a failure) and Remove where allowed', async () => {
    const signIn = vi.fn(async () => {})
    const auth: ServerAuthSnapshot = {
      phase: 'signed-out',
      serverName: 'Vault',
      authorizationServer: 'https://auth.example.com',
      needsAuthorization: true,
      signIn,
      signOut: async () => {},
    }
    const client = createFakeClient([
      { snapshot: readySnapshot('demo'), pages: [resources] },
      { snapshot: { id: 'vault', status: 'needs-auth', auth }, pages: [] },
    ])
    const onRemove = vi.fn()
    render(
      <ResourceKitProvider client={client}>
        <List onRemove={onRemove} />
      </ResourceKitProvider>,
    )
    const vault = card('vault')
    expect(vault.dataset.state).toBe('needs-sign-in')
    expect(within(vault).getByRole('status').textContent).toBe(
      'Sign in to see its resources (you sign in at auth.example.com).',
    )
    expect(within(vault).queryByRole('alert')).toBeNull()
    fireEvent.click(within(vault).getByRole('button', { name: 'Sign in to Vault' }))
    expect(signIn).toHaveBeenCalledOnce()
    fireEvent.click(within(vault).getByRole('button', { name: 'Remove Vault' }))
    expect(onRemove).toHaveBeenCalledWith('vault')
    expect(within(card('demo')).queryByRole('button', { name: /Remove/ })).toBeNull()
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
  })
})
