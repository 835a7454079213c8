import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import { createFakeClient, readySnapshot } from '../../__tests__/fakeClient.ts'
import { createInputBridge } from '../../input/inputBridge.ts'
import { useResourceChange } from '../../live/useResourceChange.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import { ReadPreview } from '../ReadPreview.tsx'

/** What the resource's row, chips and the host's preview read. */
function ChangeProbe({ uri }: { uri: string }) {
  const { change, live } = useResourceChange('s', uri, { follow: true })
  return <output data-testid="change" data-change={change} data-live={live} />
}

describe('ReadPreview', () => {
  it('renders the input form inline while the read waits, then the contents', async () => {
    const bridge = createInputBridge()
    const client = createFakeClient([{ snapshot: readySnapshot('s'), pages: [] }])
    // A read that needs input: the client calls the handler, then completes with the answer.
    client.read = async (serverId, uri, options) => {
      const answer = await bridge.handler(
        {
          mode: 'form',
          message: 'Which branch?',
          schema: {},
          fields: [{ name: 'branch', type: 'string', required: true }],
        },
        { serverId, uri, signal: options?.signal ?? new AbortController().signal },
      )
      const branch = answer.action === 'accept' ? String(answer.content?.branch) : 'none'
      return { contents: [{ uri, text: `on ${branch}` }], ttlMs: 0, cacheScope: 'private' }
    }
    render(
      <StrictMode>
        <ResourceKitProvider client={client}>
          <ReadPreview serverId="s" uri="x://file" inputBridge={bridge} />
        </ResourceKitProvider>
      </StrictMode>,
    )
    const user = userEvent.setup()
    const field = await screen.findByRole('textbox', { name: /branch/ })
    // It waits for the person, not for the network.
    expect(screen.getByText('Waiting for you')).toBeTruthy()
    expect(screen.queryByText('Loading…')).toBeNull()
    await user.type(field, 'main')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('on main')).toBeTruthy()
    expect(screen.queryByRole('form')).toBeNull()
  })

  it('shows not-found inline, and other errors with Retry', async () => {
    const client = createFakeClient([
      {
        snapshot: readySnapshot('s'),
        pages: [],
        reads: { 'x://flaky': new Error('server exploded') },
      },
    ])
    render(
      <ResourceKitProvider client={client}>
        <ReadPreview serverId="s" uri="x://missing" />
        <ReadPreview serverId="s" uri="x://flaky" />
      </ResourceKitProvider>,
    )
    expect(await screen.findByText('Not found: x://missing')).toBeTruthy()
    expect(await screen.findByText('server exploded')).toBeTruthy()
    expect(screen.getAllByRole('alert')).toHaveLength(2)
    client.servers.get('s')!.reads = {
      'x://flaky': {
        contents: [{ uri: 'x://flaky', text: 'fine now' }],
        ttlMs: 0,
        cacheScope: 'public',
      },
    }
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('fine now')).toBeTruthy()
  })

  it('says "removed" when a resource it showed is no longer on the server, and marks it so', async () => {
    const client = createFakeClient([
      {
        snapshot: readySnapshot('s'),
        pages: [],
        reads: {
          'x://live': {
            contents: [{ uri: 'x://live', text: 'tick 1' }],
            ttlMs: 0,
            cacheScope: 'public',
          },
        },
      },
    ])
    render(
      <ResourceKitProvider client={client}>
        <ReadPreview serverId="s" uri="x://live" />
        <ChangeProbe uri="x://live" />
      </ResourceKitProvider>,
    )
    expect(await screen.findByText('tick 1')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('change').dataset.live).toBe('live'))
    client.servers.get('s')!.reads = {}
    act(() => client.emit('s', { type: 'updated', uri: 'x://live' }))
    expect(await screen.findByText('Removed: the server no longer has x://live')).toBeTruthy()
    expect(screen.queryByText('tick 1')).toBeNull()
    // The read's "not found" is the resource's one change state: not "updated", "removed".
    await waitFor(() => expect(screen.getByTestId('change').dataset.change).toBe('removed'))
  })
})
