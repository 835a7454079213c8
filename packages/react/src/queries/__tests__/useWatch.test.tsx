import type { WatchEvent } from '@resource-kit/client'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createFakeClient, readySnapshot } from '../../__tests__/fakeClient.ts'
import { ResourceKitProvider } from '../ResourceKitProvider.tsx'
import { useWatch } from '../useWatch.ts'

describe('useWatch', () => {
  it('opens a watch on mount, passes its events on, and closes it on unmount', () => {
    const client = createFakeClient([{ snapshot: readySnapshot('s'), pages: [] }])
    const watch = vi.spyOn(client, 'watch')
    const onEvent = vi.fn()
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ResourceKitProvider client={client}>{children}</ResourceKitProvider>
    )
    const { result, unmount } = renderHook(() => useWatch('s', { uris: ['x://a'] }, { onEvent }), {
      wrapper,
    })
    expect(watch).toHaveBeenCalledWith('s', { uris: ['x://a'] })
    expect(result.current?.status).toBe('live')
    const event: WatchEvent = { type: 'updated', uri: 'x://a' }
    act(() => client.emit('s', event))
    expect(onEvent).toHaveBeenCalledWith(event)
    unmount()
    client.emit('s', { type: 'listChanged' })
    expect(onEvent).toHaveBeenCalledTimes(1)
  })

  it('stays off when disabled or without a server', () => {
    const client = createFakeClient([{ snapshot: readySnapshot('s'), pages: [] }])
    const watch = vi.spyOn(client, 'watch')
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ResourceKitProvider client={client}>{children}</ResourceKitProvider>
    )
    const { result } = renderHook(() => useWatch(undefined, {}), { wrapper })
    renderHook(() => useWatch('s', {}, { enabled: false }), { wrapper })
    expect(result.current).toBeUndefined()
    expect(watch).not.toHaveBeenCalled()
  })
})
