// ResourcePicker over a bridge: the page's client is connectBridge over an in-process
// channel; the backend's real client holds the connection to a real MCP fixture server.
// The picker takes it as it takes createResourceClient(): rows, granted servers only,
// update marks through the backend's watch, and "reconnecting" when the channel drops.
import { createResourceClient, type ResourceClient } from '@resource-kit/client'
import {
  type BridgeChannel,
  connectBridge,
  createBridgeBackend,
  inProcessChannelPair,
  serveBridge,
} from '@resource-kit/client/bridge'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createFixtureServer,
  type FixtureServer,
} from '../../../../test-utils/src/fixtureServer.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import { ResourcePicker } from '../ResourcePicker.tsx'
import { named } from './rowNames.ts'

describe('ResourcePicker over a bridge', () => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const close of cleanups.splice(0).reverse()) await close()
  })

  async function setup() {
    const fixture: FixtureServer = createFixtureServer({ resourceCount: 12 })
    const backend = createBridgeBackend()
    const backendClient: ResourceClient = createResourceClient({
      inputHandler: backend.inputHandler,
    })
    backendClient.addServer('fx', { transport: () => fixture.inMemoryTransport() })
    backendClient.addServer('secret', { transport: () => fixture.inMemoryTransport() })
    const backendEnds: BridgeChannel[] = []
    // While held, the page's reconnect waits (the backend is unreachable) until released.
    let held: Promise<void> | undefined
    const hold = () => {
      let release = () => {}
      held = new Promise<void>((resolve) => {
        release = resolve
      })
      return () => {
        held = undefined
        release()
      }
    }
    const page = connectBridge(
      async () => {
        await held
        const [pageEnd, backendEnd] = inProcessChannelPair()
        serveBridge(backendClient, backendEnd, { backend, grant: (id) => id === 'fx' })
        backendEnds.push(backendEnd)
        return pageEnd
      },
      { reconnect: { initialMs: 200, jitter: 0 } },
    )
    cleanups.push(
      () => fixture.close(),
      () => backendClient.close(),
      () => page.close(),
    )
    const view = render(
      <StrictMode>
        <ResourceKitProvider client={page}>
          <ResourcePicker
            initialRect={{ width: 400, height: 800 }}
            defaultView="list"
            selectionMode="multiple"
          />
        </ResourceKitProvider>
      </StrictMode>,
    )
    cleanups.push(async () => view.unmount())
    const row = (label: string) => screen.getByRole('option', { name: named(label) })
    await screen.findByRole('option', { name: named('Resource 01') }, { timeout: 10_000 })
    await screen.findByRole('option', { name: named('empty.txt') }, { timeout: 10_000 })
    return { fixture, page, row, backendEnds, hold, user: userEvent.setup() }
  }

  it('lists the granted server only, and marks an updated row through the backend', {
    timeout: 30_000,
  }, async () => {
    const { fixture, page, row, user } = await setup()
    expect(page.getServers().map((server) => server.id)).toEqual(['fx'])
    expect(screen.queryByText(/secret/)).toBeNull()
    await user.click(row('Resource 01'))
    await vi.waitFor(
      () => {
        fixture.notifyUpdated('fixture://r/01')
        expect(row('Resource 01').getAttribute('data-updated')).toBe('true')
      },
      { timeout: 10_000, interval: 100 },
    )
  })

  it('keeps the rows while the channel is down, marked, says reconnecting, and comes back live', {
    timeout: 30_000,
  }, async () => {
    const { page, row, backendEnds, hold } = await setup()
    expect(row('Resource 01').hasAttribute('data-server-down')).toBe(false)
    const release = hold()
    backendEnds[0]?.close()
    await vi.waitFor(() => expect(page.getServer('fx')?.status).toBe('reconnecting'))
    // Last known, not live: marked, and named so.
    await vi.waitFor(() => expect(row('Resource 01').hasAttribute('data-server-down')).toBe(true))
    expect(row('Resource 01').textContent).toMatch(/, server not answering$/)
    release()
    await vi.waitFor(() => expect(page.getServer('fx')?.status).toBe('ready'), { timeout: 5000 })
    // Back: the marks go with no one asking.
    await vi.waitFor(() => expect(row('Resource 01').hasAttribute('data-server-down')).toBe(false))
    expect(document.querySelector('[data-server-down]')).toBeNull()
  })
})
