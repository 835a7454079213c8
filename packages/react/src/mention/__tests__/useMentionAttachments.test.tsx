import type { Resource } from '@resource-kit/client'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import { createFakeClient, readySnapshot } from '../../__tests__/fakeClient.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import type { MentionRef } from '../mentionToken.ts'
import { useMentionAttachments } from '../useMentionAttachments.ts'

const live: Resource = { uri: 'file:///ws/live/now.md', name: 'now.md' }
const readme: Resource = { uri: 'file:///ws/readme.md', name: 'readme.md' }
const source = (resources: Resource[]): PickerSource => ({
  serverId: 'demo',
  status: 'ready',
  resources,
})
const mentions: MentionRef[] = [
  { serverId: 'demo', uri: live.uri, label: 'now.md' },
  { serverId: 'demo', uri: readme.uri, label: 'readme.md' },
]

function setup(initial: PickerSource[]) {
  const client = createFakeClient([{ snapshot: readySnapshot('demo'), pages: [] }])
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <ResourceKitProvider client={client}>{children}</ResourceKitProvider>
    </StrictMode>
  )
  const hook = renderHook(
    ({ sources }: { sources: PickerSource[] }) => useMentionAttachments(mentions, { sources }),
    { wrapper, initialProps: { sources: initial } },
  )
  const state = (uri: string) => {
    const a = hook.result.current.attachments.find((x) => x.uri === uri)
    return a && { updated: a.updated, removed: a.removed }
  }
  return { client, hook, state }
}

describe('useMentionAttachments', () => {
  it('marks an attachment removed, not updated, when its server stops listing it', () => {
    const { client, hook, state } = setup([source([live, readme])])
    // The server says the file changed as it deletes it, then its list no longer has it.
    act(() => client.emit('demo', { type: 'updated', uri: live.uri }))
    expect(state(live.uri)).toEqual({ updated: true, removed: false })
    hook.rerender({ sources: [source([readme])] })
    expect(state(live.uri)).toEqual({ updated: false, removed: true })
    expect(state(readme.uri)).toEqual({ updated: false, removed: false })
    // It comes back: no longer removed.
    hook.rerender({ sources: [source([live, readme])] })
    expect(state(live.uri)?.removed).toBe(false)
  })

  it('does not call a resource removed while its server is reloading or failing', () => {
    const { hook, state } = setup([source([live, readme])])
    hook.rerender({ sources: [{ ...source([]), status: 'loading' }] })
    hook.rerender({ sources: [{ ...source([]), status: 'error', error: new Error('down') }] })
    expect(state(live.uri)?.removed).toBe(false)
    // Once it settles, the list before the reload is what it is compared with.
    hook.rerender({ sources: [source([readme])] })
    expect(state(live.uri)?.removed).toBe(true)
  })
})
