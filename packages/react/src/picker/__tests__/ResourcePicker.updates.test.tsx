// ResourcePicker with the real client against a real MCP fixture server (in-process):
// `updated(uri)` for a followed resource marks its row.
import { createResourceClient, type ResourceClient } from '@resource-kit/client'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
// The module itself, not the package index: the index also resolves stdio script paths
// from import.meta.url, which fails under happy-dom.
import {
  createFixtureServer,
  type FixtureServer,
} from '../../../../test-utils/src/fixtureServer.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import { ResourcePicker, type ResourcePickerProps } from '../ResourcePicker.tsx'
import { named } from './rowNames.ts'

describe('ResourcePicker with the real client', () => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const close of cleanups.splice(0).reverse()) await close()
  })

  async function setup(props: Partial<ResourcePickerProps> = {}) {
    const fixture: FixtureServer = createFixtureServer({ resourceCount: 12 })
    const client: ResourceClient = createResourceClient()
    cleanups.push(
      () => fixture.close(),
      () => client.close(),
    )
    client.addServer('fx', { transport: () => fixture.inMemoryTransport() })
    const view = render(
      <StrictMode>
        <ResourceKitProvider client={client}>
          <ResourcePicker
            initialRect={{ width: 400, height: 800 }}
            defaultView="list"
            selectionMode="multiple"
            {...props}
          />
        </ResourceKitProvider>
      </StrictMode>,
    )
    cleanups.push(async () => view.unmount())
    const row = (label: string) => screen.getByRole('option', { name: named(label) })
    await screen.findByRole('option', { name: named('Resource 01') }, { timeout: 10_000 })
    // Every page listed: rows are keyed by place, so a row found before a page lands may
    // show another resource by the time it is clicked.
    await screen.findByRole('option', { name: named('empty.txt') }, { timeout: 10_000 })
    return { fixture, row, user: userEvent.setup() }
  }

  it('marks a selected row "updated" when its server sends updated(uri)', {
    timeout: 20_000,
  }, async () => {
    const { fixture, row, user } = await setup()
    await user.click(row('Resource 01'))
    expect(row('Resource 01').getAttribute('aria-selected')).toBe('true')
    expect(row('Resource 01').getAttribute('data-updated')).toBeNull()
    // Until the server has the new subscription, a notification may go unheard: repeat it.
    await vi.waitFor(
      () => {
        fixture.notifyUpdated('fixture://r/01')
        expect(row('Resource 01').getAttribute('data-updated')).toBe('true')
      },
      { timeout: 10_000, interval: 100 },
    )
    fixture.notifyUpdated('fixture://r/02')
    expect(row('Resource 02').getAttribute('data-updated')).toBeNull()
  })

  it('follows what the app asks with markUpdates={false}, and tells it', {
    timeout: 20_000,
  }, async () => {
    const heard: string[] = []
    const { fixture, row, user } = await setup({
      markUpdates: false,
      sourceOptions: {
        watchResources: [{ serverId: 'fx', uri: 'fixture://r/03' }],
        onResourceUpdated: (serverId, uri) => heard.push(`${serverId} ${uri}`),
      },
    })
    await user.click(row('Resource 04'))
    await vi.waitFor(
      () => {
        fixture.notifyUpdated('fixture://r/03')
        expect(heard).toContain('fx fixture://r/03')
      },
      { timeout: 10_000, interval: 100 },
    )
    // The followed resource is marked (one change state for every reader); the selected
    // one is not followed, so its update goes unheard.
    expect(row('Resource 03').getAttribute('data-updated')).toBe('true')
    fixture.notifyUpdated('fixture://r/04')
    fixture.notifyUpdated('fixture://r/03')
    await vi.waitFor(() => expect(heard.filter((h) => h.endsWith('/03')).length).toBe(2))
    expect(heard).not.toContain('fx fixture://r/04')
    expect(row('Resource 04').getAttribute('data-updated')).toBeNull()
  })
})
