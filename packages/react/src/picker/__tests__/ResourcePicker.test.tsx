import type { Resource } from '@resource-kit/client'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createFakeClient, makeResources, readySnapshot } from '../../__tests__/fakeClient.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import { workerFactory } from '../../search/__tests__/heldSearchWorker.ts'
import { ResourcePicker, type ResourcePickerProps } from '../ResourcePicker.tsx'
import { ANNOUNCE_DELAY_MS } from '../useLiveAnnouncement.ts'
import { labelOf, named } from './rowNames.ts'

function setup() {
  const client = createFakeClient([
    {
      snapshot: readySnapshot('repo', 'Repo'),
      pages: [
        [
          ...makeResources(2),
          { uri: 'file:///project/docs', name: 'docs', mimeType: 'inode/directory' },
        ],
      ],
      templates: [{ uriTemplate: 'file:///project/src/{file}', name: 'Source file' }],
      reads: {
        'file:///project/docs': {
          contents: [
            { uri: 'file:///project/docs/guide.md', mimeType: 'text/markdown', text: '#' },
          ],
          ttlMs: 0,
          cacheScope: 'public',
        },
        'file:///project/src/x.ts': {
          contents: [{ uri: 'file:///project/src/x.ts', text: 'x' }],
          ttlMs: 0,
          cacheScope: 'public',
        },
      },
    },
    { snapshot: { id: 'down', status: 'error', error: new Error('refused') }, pages: [] },
  ])
  const onSelect = vi.fn()
  render(
    <StrictMode>
      <ResourceKitProvider client={client}>
        <ResourcePicker
          initialRect={{ width: 400, height: 600 }}
          defaultView="list"
          onSelect={onSelect}
        />
      </ResourceKitProvider>
    </StrictMode>,
  )
  return { client, onSelect, user: userEvent.setup() }
}

/** One server listing `resources` in a list-view picker whose search worker the test can hold. */
function renderWithWorker(
  resources: Resource[],
  onSelect?: () => void,
  onMention?: ResourcePickerProps['onMention'],
) {
  const client = createFakeClient([{ snapshot: readySnapshot('repo', 'Repo'), pages: [resources] }])
  const started = workerFactory()
  render(
    <ResourceKitProvider client={client}>
      <ResourcePicker
        initialRect={{ width: 400, height: 600 }}
        defaultView="list"
        searchWorker={started.factory}
        onSelect={onSelect}
        onMention={onMention}
      />
    </ResourceKitProvider>,
  )
  return started
}

/** Five names whose order differs between "rea" and "read"; "rea" typed, realm.md lit. */
async function typedRea(onSelect?: () => void, onMention?: ResourcePickerProps['onMention']) {
  const names = ['readme.md', 'thread.md', 'ready.txt', 'realm.md', 'bread.md']
  const started = renderWithWorker(
    names.map((name) => ({ uri: `file:///p/${name}`, name })),
    onSelect,
    onMention,
  )
  const user = userEvent.setup()
  await screen.findByRole('option', { name: named('readme.md') })
  const input = screen.getByRole('combobox')
  const highlighted = () =>
    labelOf(document.getElementById(input.getAttribute('aria-activedescendant') ?? ''))
  await user.type(input, 'rea')
  // "rea" ranks realm.md first; "read" ranks it last.
  await vi.waitFor(() => expect(highlighted()).toBe('realm.md'))
  return { started, user, input, highlighted }
}

describe('ResourcePicker', () => {
  it('shows every server of the client, a failing one as its error row', async () => {
    setup()
    expect(await screen.findByRole('option', { name: named('file-0.ts') })).toBeTruthy()
    expect(screen.getByRole('option', { name: named('Failed to load down: refused') })).toBeTruthy()
  })

  it('opens a template form from its entry, and selects the read URI on submit', async () => {
    const { onSelect, user } = setup()
    await user.click(await screen.findByRole('option', { name: named('Source file') }))
    const form = screen.getByRole('form', { name: 'Source file' })
    await user.type(
      within(form).getByRole('combobox', { name: /file \(required\)/ }),
      'x.ts{Enter}',
    )
    await vi.waitFor(() => expect(onSelect).toHaveBeenCalled())
    expect(onSelect.mock.lastCall![0]).toEqual([
      { serverId: 'repo', uri: 'file:///project/src/x.ts', name: 'x.ts' },
    ])
    expect(screen.queryByRole('form')).toBeNull()
  })

  it('reads a directory through the client when it is expanded in the tree', async () => {
    const { user } = setup()
    await user.click(screen.getByRole('button', { name: 'Tree' }))
    await user.click(await screen.findByRole('treeitem', { name: /file:\/\/\/project/ }))
    await user.click(screen.getByRole('treeitem', { name: named('docs') }))
    expect(await screen.findByRole('treeitem', { name: named('guide.md') })).toBeTruthy()
  })

  it('hides assistant-only items when asked, and the count follows', async () => {
    const { client, user } = setup()
    client.servers.get('repo')!.pages[0]!.push({
      uri: 'file:///project/ai.txt',
      name: 'ai.txt',
      annotations: { audience: ['assistant'] },
    })
    await client.invalidateLists('repo')
    expect(await screen.findByRole('option', { name: named('ai.txt') })).toBeTruthy()
    const count = () => Number.parseInt(screen.getByRole('status').textContent ?? '', 10)
    const before = count()
    await user.click(screen.getByRole('checkbox', { name: 'Hide assistant-only' }))
    expect(screen.queryByRole('option', { name: named('ai.txt') })).toBeNull()
    expect(count()).toBe(before - 1)
  })

  it('says no count while there is no server yet (a host still starting), then the settled one', async () => {
    const client = createFakeClient([])
    render(
      <ResourceKitProvider client={client}>
        <ResourcePicker initialRect={{ width: 400, height: 600 }} defaultView="list" />
      </ResourceKitProvider>,
    )
    const status = screen.getByRole('status')
    await new Promise((resolve) => setTimeout(resolve, ANNOUNCE_DELAY_MS + 200))
    expect(status.textContent).toBe('')
    act(() =>
      client.setServer('repo', {
        snapshot: readySnapshot('repo', 'Repo'),
        pages: [makeResources(3)],
      }),
    )
    await vi.waitFor(() => expect(status.textContent).toBe('3 resources'), { timeout: 5000 })
  })

  it('speaks the count of a query once all its hits are in, not the first screen', async () => {
    const started = renderWithWorker(makeResources(150))
    const user = userEvent.setup()
    expect(await screen.findByRole('option', { name: named('file-0.ts') })).toBeTruthy()
    const status = screen.getByRole('status')
    const worker = started.latest()
    worker.hold()
    await user.type(screen.getByRole('combobox'), 'file')
    // Replies go through until the query asks for the rest of its hits (after its first
    // screen, 250 ms after the query, however slow the machine): that one is held.
    const restAsked = () => worker.searches.some((s) => s.query === 'file' && s.limit > 64)
    await vi.waitFor(
      () => {
        if (restAsked()) return
        act(() => worker.releaseAll())
        throw new Error('the rest is not asked yet')
      },
      { timeout: 4000 },
    )
    // The first screen is shown; the rest of the hits is held past the announcement delay.
    await worker.waitHeld(1)
    expect(screen.getAllByRole('option').length).toBeGreaterThan(1)
    await new Promise((resolve) => setTimeout(resolve, ANNOUNCE_DELAY_MS + 200))
    expect(status.textContent).not.toMatch(/result/)
    act(() => worker.release(0))
    await vi.waitFor(() => expect(status.textContent).toBe('150 results'), { timeout: 5000 })
  })

  it('updates the rows on screen in place when a keystroke brings new hits', async () => {
    const client = createFakeClient([
      { snapshot: readySnapshot('repo', 'Repo'), pages: [makeResources(150)] },
    ])
    render(
      <ResourceKitProvider client={client}>
        <ResourcePicker initialRect={{ width: 400, height: 600 }} defaultView="list" />
      </ResourceKitProvider>,
    )
    const user = userEvent.setup()
    await screen.findByRole('option', { name: named('file-0.ts') })
    // A hit's name reads its highlighted parts apart: find it by its visible label.
    const hit = (label: string) =>
      screen.getAllByRole('option').find((option) => labelOf(option) === label)
    await user.type(screen.getByRole('combobox'), 'file-1')
    const first = await vi.waitFor(() => hit('file-1.ts') ?? Promise.reject(new Error('no hit')))
    await user.type(screen.getByRole('combobox'), '2')
    await vi.waitFor(() => expect(hit('file-12.ts')).toBeDefined())
    // The same element shows the new first hit: nothing was unmounted and mounted again.
    expect(first.isConnected).toBe(true)
    expect(hit('file-12.ts')).toBe(first)
  })

  it('highlights the best hit of a new query when its hits arrive, from the top', async () => {
    const { started, user, input, highlighted } = await typedRea()
    const list = screen.getByRole('listbox')
    list.scrollTop = 64
    // The next key's hits are held: until they come, the rows (and highlight) of "rea" stay.
    const worker = started.latest()
    worker.hold()
    await user.type(input, 'd')
    await worker.waitHeld(1)
    expect(highlighted()).toBe('realm.md')
    act(() => worker.release(0))
    await vi.waitFor(() => expect(highlighted()).toBe('readme.md'))
    expect(list.scrollTop).toBe(0)
  })

  it('keeps the row the person moved to while the hits of a new query were on the way', async () => {
    const { started, user, input, highlighted } = await typedRea()
    const worker = started.latest()
    worker.hold()
    await user.type(input, 'd')
    await worker.waitHeld(1)
    // Down twice through the rows of "rea" (realm, readme, ready…) before the hits of "read".
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(highlighted()).toBe('ready.txt')
    act(() => worker.release(0))
    // The hits of "read" are in when realm.md ranks last.
    await vi.waitFor(() => expect(labelOf(screen.getAllByRole('option').at(-1))).toBe('realm.md'))
    expect(highlighted()).toBe('ready.txt')
  })

  it('chooses the best hit of what was typed when Enter comes before its hits', async () => {
    const onSelect = vi.fn()
    const { started, user, input } = await typedRea(onSelect)
    const worker = started.latest()
    worker.hold()
    await user.type(input, 'd{Enter}')
    await worker.waitHeld(1)
    // realm.md, lit for "rea", is not what "read" asks for: Enter waits for the hits.
    expect(onSelect).not.toHaveBeenCalled()
    act(() => worker.release(0))
    await vi.waitFor(() => expect(onSelect).toHaveBeenCalledTimes(1))
    expect(onSelect.mock.lastCall![0]).toEqual([
      { serverId: 'repo', uri: 'file:///p/readme.md', name: 'readme.md' },
    ])
  })

  it('chooses at once the row the person moved to before the hits came', async () => {
    const onSelect = vi.fn()
    const { started, user, input } = await typedRea(onSelect)
    const worker = started.latest()
    worker.hold()
    await user.type(input, 'd')
    await worker.waitHeld(1)
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(onSelect).toHaveBeenCalledTimes(1)
    expect(onSelect.mock.lastCall![0]).toEqual([
      { serverId: 'repo', uri: 'file:///p/ready.txt', name: 'ready.txt' },
    ])
    act(() => worker.release(0))
    await vi.waitFor(() => expect(labelOf(screen.getAllByRole('option').at(-1))).toBe('realm.md'))
    expect(onSelect).toHaveBeenCalledTimes(1)
  })

  it('hands the highlighted resource to onMention on Alt+Enter, choosing nothing, focus kept', async () => {
    const onSelect = vi.fn()
    const onMention = vi.fn()
    const { user, input } = await typedRea(onSelect, onMention)
    expect(input.getAttribute('aria-keyshortcuts')).toBe('Alt+Enter')
    expect(screen.getByRole('listbox').getAttribute('aria-keyshortcuts')).toBe('Alt+Enter')
    await user.keyboard('{Alt>}{Enter}{/Alt}')
    expect(onMention).toHaveBeenCalledTimes(1)
    expect(onMention.mock.lastCall![0]).toEqual({
      serverId: 'repo',
      uri: 'file:///p/realm.md',
      name: 'realm.md',
    })
    expect(onSelect).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(input)
    expect((input as HTMLInputElement).value).toBe('rea')
    // From the list too, on the row moved to.
    await user.keyboard('{ArrowDown}')
    screen.getByRole('listbox').focus()
    await user.keyboard('{Alt>}{Enter}{/Alt}')
    expect(onMention.mock.lastCall![0]).toMatchObject({ uri: 'file:///p/readme.md' })
    expect(onSelect).not.toHaveBeenCalled()
  })

  it('mentions the best hit of what was typed when Alt+Enter comes before its hits', async () => {
    const onMention = vi.fn()
    const { started, user, input } = await typedRea(undefined, onMention)
    const worker = started.latest()
    worker.hold()
    await user.type(input, 'd{Alt>}{Enter}{/Alt}')
    await worker.waitHeld(1)
    expect(onMention).not.toHaveBeenCalled()
    act(() => worker.release(0))
    await vi.waitFor(() => expect(onMention).toHaveBeenCalledTimes(1))
    expect(onMention.mock.lastCall![0]).toMatchObject({ uri: 'file:///p/readme.md' })
  })

  it('leaves Alt+Enter alone without onMention', async () => {
    const onSelect = vi.fn()
    const { user, input } = await typedRea(onSelect)
    expect(input.getAttribute('aria-keyshortcuts')).toBeNull()
    await user.keyboard('{Alt>}{Enter}{/Alt}')
    expect(onSelect).not.toHaveBeenCalled()
  })
})
