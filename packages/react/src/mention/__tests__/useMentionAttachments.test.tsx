import type { Resource } from '@resource-kit/client'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import { createFakeClient, readySnapshot } from '../../__tests__/fakeClient.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import { useResourceSources } from '../../queries/useResourceSources.ts'
import type { MentionRef } from '../mentionToken.ts'
import { useMentionAttachments } from '../useMentionAttachments.ts'

const live: Resource = { uri: 'file:///ws/live/now.md', name: 'now.md' }
const readme: Resource = { uri: 'file:///ws/readme.md', name: 'readme.md' }
const mentions: MentionRef[] = [
  { serverId: 'demo', uri: live.uri, label: 'now.md' },
  { serverId: 'demo', uri: readme.uri, label: 'readme.md' },
]

function setup(resources: Resource[]) {
  const client = createFakeClient([{ snapshot: readySnapshot('demo'), pages: [resources] }])
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <ResourceKitProvider client={client}>{children}</ResourceKitProvider>
    </StrictMode>
  )
  // The host's sources follow the server's list: its reloads are what mark "removed".
  const hook = renderHook(
    () => ({ sources: useResourceSources(), ...useMentionAttachments(mentions) }),
    { wrapper },
  )
  const state = (uri: string) => {
    const a = hook.result.current.attachments.find((x) => x.uri === uri)
    return a && { updated: a.updated, removed: a.removed }
  }
  const relist = (next: Resource[]) => {
    client.servers.get('demo')!.pages = [next]
    act(() => client.emit('demo', { type: 'listChanged' }))
  }
  return { client, hook, state, relist }
}

describe('useMentionAttachments', () => {
  it('marks an attachment removed, not updated, when its server stops listing it', async () => {
    const { client, hook, state, relist } = setup([live, readme])
    await waitFor(() => expect(hook.result.current.sources[0]?.status).toBe('ready'))
    await waitFor(() => expect(hook.result.current.attachments[0]?.watch).toBe('live'))
    // The server says the file changed as it deletes it, then its list no longer has it.
    act(() => client.emit('demo', { type: 'updated', uri: live.uri }))
    expect(state(live.uri)).toEqual({ updated: true, removed: false })
    relist([readme])
    await waitFor(() => expect(state(live.uri)).toEqual({ updated: false, removed: true }))
    expect(state(readme.uri)).toEqual({ updated: false, removed: false })
    // It comes back: no longer removed.
    relist([readme, live])
    await waitFor(() => expect(state(live.uri)?.removed).toBe(false))
  })

  it('does not call a resource removed while its server fails to list', async () => {
    const { client, hook, state } = setup([live, readme])
    await waitFor(() => expect(hook.result.current.sources[0]?.status).toBe('ready'))
    client.servers.get('demo')!.failPage = () => new Error('down')
    act(() => client.emit('demo', { type: 'listChanged' }))
    await waitFor(() => expect(hook.result.current.sources[0]?.status).toBe('error'))
    expect(state(live.uri)?.removed).toBe(false)
  })

  it('drops the mark of a sent attachment (clearUpdated) for every reader', async () => {
    const { client, hook, state } = setup([live, readme])
    await waitFor(() => expect(hook.result.current.attachments[0]?.watch).toBe('live'))
    act(() => client.emit('demo', { type: 'updated', uri: live.uri }))
    expect(state(live.uri)?.updated).toBe(true)
    act(() => hook.result.current.clearUpdated())
    expect(state(live.uri)?.updated).toBe(false)
  })
})
