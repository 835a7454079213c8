import type { ReadResult, Resource } from '@resource-kit/client'
import { act, render, screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import {
  createFakeClient,
  type FakeClient,
  type FakeServer,
  readySnapshot,
} from '../../__tests__/fakeClient.ts'
import type { MentionRef } from '../../mention/mentionToken.ts'
import { readMentions } from '../../mention/readMentions.ts'
import { ModelInputCard } from '../../modelInput/ModelInputPreview.tsx'
import { contextItemsOf } from '../../modelInput/modelContext.ts'
import { ReadPreview } from '../../preview/ReadPreview.tsx'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import { useResourceSources } from '../../queries/useResourceSources.ts'
import { AttachmentChips } from '../AttachmentChips.tsx'
import { ContextBudget } from '../ContextBudget.tsx'
import { useSizedAttachments } from '../useSizedAttachments.ts'

const notes: Resource = { uri: 'file:///ws/notes.md', name: 'notes.md' }
const data: Resource = { uri: 'file:///ws/data.json', name: 'data.json' }
// Multi-byte text: bytes, characters and KiB/kB all differ, so any second measure shows.
const notesText = 'Café crème — déjà vu.\n'.repeat(400)
const reads: Record<string, ReadResult> = {
  [notes.uri]: {
    contents: [{ uri: notes.uri, mimeType: 'text/markdown', text: notesText }],
    ttlMs: 60_000,
    cacheScope: 'public',
  } as ReadResult,
  [data.uri]: {
    contents: [{ uri: data.uri, mimeType: 'application/json', text: '{"a":1}' }],
    ttlMs: 60_000,
    cacheScope: 'public',
  } as ReadResult,
}
const mention = (r: Resource): MentionRef => ({ serverId: 'demo', uri: r.uri, label: r.name })

function setup(extra: Partial<FakeServer> = {}) {
  return createFakeClient([
    { snapshot: readySnapshot('demo'), pages: [[notes, data]], reads: { ...reads }, ...extra },
  ])
}

function Chips({ mentions, budget }: { mentions: MentionRef[]; budget?: number }) {
  useResourceSources() // the host's sources walk the list the chips look things up in
  const sized = useSizedAttachments(mentions)
  return (
    <>
      <AttachmentChips attachments={sized.attachments} serverName={(id) => `Server ${id}`} />
      <ContextBudget total={sized.total} complete={sized.complete} budget={budget} />
      <output data-testid="down">{sized.down.map((a) => a.label).join(',')}</output>
    </>
  )
}

function renderIn(client: FakeClient, ui: React.ReactNode) {
  return render(
    <StrictMode>
      <ResourceKitProvider client={client}>{ui}</ResourceKitProvider>
    </StrictMode>,
  )
}

const chip = (label: string) =>
  [...document.querySelectorAll<HTMLElement>('.rk-attachment')].find(
    (el) => el.querySelector('.rk-attachment-label')?.textContent === label,
  )

describe('AttachmentChips', () => {
  it('shows each chip’s name, server, size and token estimate, and the total against the budget', async () => {
    const client = setup()
    renderIn(client, <Chips mentions={[mention(notes), mention(data)]} budget={2000} />)
    await waitFor(() => expect(chip('notes.md')?.dataset.sizing).toBe('sized'))
    await waitFor(() => expect(chip('data.json')?.dataset.sizing).toBe('sized'))
    expect(chip('notes.md')?.textContent).toBe('notes.md Server demo 11.2 kB · ~2,200 tokens')
    expect(chip('data.json')?.querySelector('.rk-attachment-size')?.textContent).toBe(
      '7 B · ~2 tokens',
    )
    const total = document.querySelector('.rk-context-budget')!
    expect(total.textContent).toBe('Context: ~2,202 of 2,000 tokens · 11.2 kB · over budget')
    expect(total.hasAttribute('data-over')).toBe(true)
  })

  it('shows the same figure on the chip, in the preview and on the sent card (one measure)', async () => {
    const client = setup()
    renderIn(
      client,
      <>
        <Chips mentions={[mention(notes)]} />
        <ReadPreview serverId="demo" uri={notes.uri} />
      </>,
    )
    await waitFor(() => expect(chip('notes.md')?.dataset.sizing).toBe('sized'))
    const [item] = contextItemsOf(await readMentions(client, [mention(notes)]))
    render(<ModelInputCard item={item!} />)
    const onChip = chip('notes.md')!.querySelector('.rk-attachment-size')!.textContent
    const inPreview = (await screen.findByText(/tokens/, { selector: '.rk-preview-summary' }))
      .textContent
    const onCard = document.querySelector('.rk-context-size')!.textContent
    expect(onChip).toBe('11.2 kB · ~2,200 tokens')
    expect(inPreview).toBe(onChip)
    expect(onCard).toBe(onChip)
  })

  it('says "server down" on a chip whose server goes offline, and lists it for Send to warn', async () => {
    const client = setup()
    renderIn(client, <Chips mentions={[mention(notes)]} />)
    await waitFor(() => expect(chip('notes.md')?.dataset.sizing).toBe('sized'))
    act(() =>
      client.setServer('demo', {
        snapshot: { ...readySnapshot('demo'), status: 'offline', error: new Error('fetch failed') },
      }),
    )
    await waitFor(() => expect(chip('notes.md')?.dataset.serverState).toBe('offline'))
    expect(chip('notes.md')?.querySelector('.rk-attachment-down')?.textContent).toBe('server down')
    // The size read before stays: it is what the resource was.
    expect(chip('notes.md')?.querySelector('.rk-attachment-size')?.textContent).toBe(
      '11.2 kB · ~2,200 tokens',
    )
    expect(screen.getByTestId('down').textContent).toBe('notes.md')
    act(() => client.setServer('demo', { snapshot: readySnapshot('demo') }))
    await waitFor(() => expect(chip('notes.md')?.hasAttribute('data-server-down')).toBe(false))
    expect(screen.getByTestId('down').textContent).toBe('')
  })

  it('does not read a URI the server does not list (a template’s, which may ask for input): sized when sent', async () => {
    let asked = 0
    const client = setup()
    const filled = 'db://prod/users'
    client.servers.get('demo')!.reads = new Proxy(
      { ...reads },
      {
        get: (target, key) => {
          if (key === filled) asked++
          return target[key as string]
        },
      },
    )
    renderIn(
      client,
      <Chips mentions={[mention(notes), { serverId: 'demo', uri: filled, label: 'users' }]} />,
    )
    await waitFor(() => expect(chip('notes.md')?.dataset.sizing).toBe('sized'))
    expect(chip('users')?.dataset.sizing).toBe('on-send')
    expect(chip('users')?.querySelector('.rk-attachment-size')?.textContent).toBe('sized when sent')
    expect(asked).toBe(0)
    expect(document.querySelector('.rk-context-budget')?.textContent).toMatch(
      /^Context: at least ~/,
    )
  })

  it('shows a removed attachment as removed, without a watch dot (nothing about it is live)', async () => {
    const client = setup()
    renderIn(client, <Chips mentions={[mention(notes)]} />)
    await waitFor(() => expect(chip('notes.md')?.dataset.sizing).toBe('sized'))
    expect(chip('notes.md')?.querySelector('.rk-attachment-live')).not.toBeNull()
    client.servers.get('demo')!.pages = [[data]]
    act(() => client.emit('demo', { type: 'listChanged' }))
    await waitFor(() => expect(chip('notes.md')?.dataset.change).toBe('removed'))
    expect(chip('notes.md')?.querySelector('.rk-attachment-mark')?.textContent).toBe('removed')
    expect(chip('notes.md')?.querySelector('.rk-attachment-live')).toBeNull()
  })
})
