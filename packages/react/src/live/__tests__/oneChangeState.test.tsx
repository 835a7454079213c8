// The chat app's shape: a host that composes Picker.Root over useResourceSources, a draft
// whose chip mentions a resource, and a preview of the same resource. They show one change
// state per resource, through one watch per server.
import type { Resource } from '@resource-kit/client'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import { createFakeClient, type FakeClient, readySnapshot } from '../../__tests__/fakeClient.ts'
import type { MentionRef } from '../../mention/mentionToken.ts'
import { useMentionAttachments } from '../../mention/useMentionAttachments.ts'
import { named } from '../../picker/__tests__/rowNames.ts'
import { Picker } from '../../picker/parts/Picker.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import { useResourceSources } from '../../queries/useResourceSources.ts'
import { useResourceChange } from '../useResourceChange.ts'

const doc = (name: string, extra: Partial<Resource> = {}): Resource => ({
  uri: `file:///ws/${name}`,
  name,
  ...extra,
})
const notes = doc('notes.md')
const mention: MentionRef = { serverId: 's', uri: notes.uri, label: 'notes.md' }
const mentions = [mention]

function Chip() {
  const { attachments } = useMentionAttachments(mentions)
  const a = attachments[0]!
  return (
    <span
      data-testid="chip"
      data-updated={a.updated || undefined}
      data-removed={a.removed || undefined}
    >
      {a.label} {a.watch}
    </span>
  )
}

function Preview() {
  const { change, live } = useResourceChange('s', notes.uri, { follow: true })
  return <output data-testid="preview" data-change={change} data-live={live} />
}

/** As the chat app composes it: no ResourcePicker, the parts over the host's sources. */
function Host() {
  const sources = useResourceSources()
  return (
    <>
      <Picker.Root initialRect={{ width: 400, height: 640 }} sources={sources} defaultView="list">
        <Picker.Input />
        <Picker.List />
      </Picker.Root>
      <Chip />
      <Preview />
    </>
  )
}

function setup(resources: Resource[]) {
  const client = createFakeClient([{ snapshot: readySnapshot('s'), pages: [resources] }])
  render(
    <StrictMode>
      <ResourceKitProvider client={client}>
        <Host />
      </ResourceKitProvider>
    </StrictMode>,
  )
  return client
}

const row = (label: string) => screen.getByRole('option', { name: named(label) })
const chip = () => screen.getByTestId('chip')
const preview = () => screen.getByTestId('preview')

/** The server lists `resources` now, and says so (list_changed). */
function relist(client: FakeClient, resources: Resource[]) {
  client.servers.get('s')!.pages = [resources]
  act(() => client.emit('s', { type: 'listChanged' }))
}

describe('one change state per resource', () => {
  it('marks the row of a Picker.Root host, the chip and the preview alike on updated(uri)', async () => {
    const client = setup([doc('readme.md'), notes])
    await screen.findByRole('option', { name: named('notes.md') })
    await waitFor(() => expect(preview().dataset.live).toBe('live'))
    act(() => client.emit('s', { type: 'updated', uri: notes.uri }))
    await waitFor(() => expect(row('notes.md').getAttribute('data-updated')).toBe('true'))
    expect(row('notes.md').textContent).toMatch(/, updated$/)
    expect(chip().dataset.updated).toBe('true')
    expect(preview().dataset.change).toBe('updated')
    expect(row('readme.md').getAttribute('data-updated')).toBeNull()
  })

  it('clears the mark everywhere when the person picks the resource', async () => {
    const client = setup([doc('readme.md'), notes])
    await screen.findByRole('option', { name: named('notes.md') })
    await waitFor(() => expect(preview().dataset.live).toBe('live'))
    act(() => client.emit('s', { type: 'updated', uri: notes.uri }))
    await waitFor(() => expect(chip().dataset.updated).toBe('true'))
    await userEvent.setup().click(row('notes.md'))
    expect(row('notes.md').getAttribute('data-updated')).toBeNull()
    expect(chip().dataset.updated).toBeUndefined()
    expect(preview().dataset.change).toBeUndefined()
  })

  it('follows every server through one watch, whoever follows what', async () => {
    const client = setup([doc('readme.md'), notes])
    await screen.findByRole('option', { name: named('notes.md') })
    await waitFor(() => expect(preview().dataset.live).toBe('live'))
    // The sources' list_changed, the chip's and the preview's updated(uri): one watch.
    expect(client.calls.watch).toEqual(['s'])
    relist(client, [doc('readme.md'), notes, doc('new.md')])
    await screen.findByRole('option', { name: named('new.md') })
    expect(client.calls.watch).toEqual(['s'])
  })

  it('marks new, updated and removed from a reload of the list, on rows, chips and preview', async () => {
    const client = setup([doc('readme.md'), doc('main.ts', { size: 1 }), notes])
    await screen.findByRole('option', { name: named('notes.md') })
    relist(client, [doc('a.ts'), doc('readme.md'), doc('main.ts', { size: 2 })])
    await waitFor(() => expect(chip().dataset.removed).toBe('true'))
    expect(chip().dataset.updated).toBeUndefined()
    expect(preview().dataset.change).toBe('removed')
    await screen.findByRole('option', { name: named('a.ts') })
    expect(row('a.ts').getAttribute('data-new')).toBe('true')
    expect(row('a.ts').textContent).toMatch(/, new$/)
    expect(row('main.ts').getAttribute('data-updated')).toBe('true')
    expect(row('readme.md').getAttribute('data-updated')).toBeNull()
    expect(row('readme.md').getAttribute('data-new')).toBeNull()
    // It comes back: new, no longer removed.
    relist(client, [doc('a.ts'), doc('readme.md'), doc('main.ts', { size: 2 }), notes])
    await waitFor(() => expect(chip().dataset.removed).toBeUndefined())
    expect(preview().dataset.change).toBe('new')
  })
})
