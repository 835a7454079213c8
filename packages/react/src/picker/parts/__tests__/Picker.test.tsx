import type { Resource } from '@resource-kit/client'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { PickerSource } from '../../pickerSource.ts'
import { Picker } from '../Picker.ts'
import type { PickerRootProps } from '../PickerRoot.tsx'

const RECT = { width: 400, height: 640 }

const docs: Resource[] = [
  { uri: 'file:///ws/readme.md', name: 'readme.md', mimeType: 'text/markdown', size: 1200 },
  { uri: 'file:///ws/src/main.ts', name: 'main.ts', mimeType: 'text/typescript', size: 300 },
  { uri: 'file:///ws/src/util.ts', name: 'util.ts', mimeType: 'text/typescript' },
]

const ready = (
  serverId: string,
  resources: Resource[],
  extra: Partial<PickerSource> = {},
): PickerSource => ({
  serverId,
  serverName: serverId.toUpperCase(),
  status: 'ready',
  resources,
  ...extra,
})

function renderPicker(props: Partial<PickerRootProps> & { sources: readonly PickerSource[] }) {
  const user = userEvent.setup()
  const result = render(
    <StrictMode>
      <Picker.Root initialRect={RECT} {...props}>
        <Picker.Input />
        <Picker.ViewToggle />
        <Picker.List />
        <Picker.Empty />
        <Picker.LiveRegion />
      </Picker.Root>
    </StrictMode>,
  )
  return { user, ...result }
}

const input = () => screen.getByRole('combobox', { name: 'Search resources' })
const active = () => {
  const id = input().getAttribute('aria-activedescendant')
  return id ? document.getElementById(id) : null
}

describe('Picker parts', () => {
  it('renders a combobox controlling a tree whose servers start expanded', () => {
    renderPicker({ sources: [ready('files', docs)] })
    const tree = screen.getByRole('tree', { name: 'Resources' })
    expect(input().getAttribute('aria-controls')).toBe(tree.id)
    expect(input().getAttribute('aria-expanded')).toBe('true')
    const server = screen.getByRole('treeitem', { name: 'FILES' })
    expect(server.getAttribute('aria-level')).toBe('1')
    expect(server.getAttribute('aria-expanded')).toBe('true')
    expect(server.getAttribute('data-expanded')).toBe('true')
    expect(screen.getByRole('treeitem', { name: 'file:///ws' }).getAttribute('aria-level')).toBe(
      '2',
    )
  })

  it('walks the tree by keyboard: arrows, Right to expand and enter, Left to go back, Enter to select', async () => {
    const onSelect = vi.fn()
    const { user } = renderPicker({ sources: [ready('files', docs)], onSelect })
    await user.click(input())
    await user.keyboard('{ArrowDown}')
    expect(active()?.getAttribute('aria-label')).toBe('FILES')
    expect(active()?.getAttribute('data-highlighted')).toBe('true')
    await user.keyboard('{ArrowDown}')
    expect(active()?.getAttribute('aria-label')).toBe('file:///ws')
    expect(active()?.getAttribute('aria-expanded')).toBe('false')
    await user.keyboard('{ArrowRight}')
    expect(active()?.getAttribute('aria-expanded')).toBe('true')
    await user.keyboard('{ArrowRight}')
    expect(active()?.getAttribute('aria-level')).toBe('3')
    await user.keyboard('{ArrowLeft}')
    expect(active()?.getAttribute('aria-label')).toBe('file:///ws')
    await user.keyboard('{End}')
    const last = active()!
    expect(last.getAttribute('data-kind')).toBe('resource')
    await user.keyboard('{Enter}')
    expect(onSelect).toHaveBeenCalledTimes(1)
    const selection = onSelect.mock.calls[0]![0]
    expect(selection).toHaveLength(1)
    expect(selection[0]).toMatchObject({ serverId: 'files' })
    expect(Object.keys(selection[0]).sort()).toEqual(
      expect.arrayContaining(['serverId', 'uri', 'name']),
    )
  })

  it('searches fuzzily, highlights matches, groups by server and announces the count politely', async () => {
    const { user } = renderPicker({
      sources: [
        ready('files', docs),
        ready('db', [{ uri: 'db://prod/users', name: 'users', title: 'Users table' }]),
      ],
    })
    await user.type(input(), 'main')
    const status = screen.getByRole('status')
    expect(status.getAttribute('aria-live')).toBe('polite')
    expect(status.textContent).toBe('1 result')
    const option = screen.getByRole('treeitem', { name: 'main.ts' })
    expect(option.querySelector('mark')?.textContent).toBe('main')
    // The best result is highlighted as soon as the query changes.
    expect(active()).toBe(option)
    await user.clear(input())
    await user.type(input(), 'zzzzqqq')
    expect(status.textContent).toBe('No results')
    expect(screen.getByText('No results for “zzzzqqq”')).toBeTruthy()
  })

  it('switches to a listbox with one labelled group per server', async () => {
    const { user } = renderPicker({
      sources: [ready('files', docs), ready('db', [{ uri: 'db://x/t', name: 't' }])],
    })
    await user.click(screen.getByRole('button', { name: 'List' }))
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true')
    const listbox = screen.getByRole('listbox', { name: 'Resources' })
    const groups = within(listbox).getAllByRole('group')
    expect(
      groups.map(
        (g) =>
          g.getAttribute('aria-labelledby') &&
          document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent,
      ),
    ).toEqual(['FILES', 'DB'])
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((o) => o.getAttribute('aria-label')),
    ).toEqual(['main.ts', 'readme.md', 'util.ts'])
    for (const option of within(listbox).getAllByRole('option'))
      expect(option.getAttribute('aria-label')).toBeTruthy()
  })

  it('renders a hostile resource name as text', () => {
    const evil = '<img src=x onerror=alert(1)>'
    renderPicker({ sources: [ready('s', [{ uri: 'x://a', name: evil }])], defaultView: 'list' })
    expect(screen.getByRole('option', { name: evil }).textContent).toContain(evil)
    expect(document.querySelector('img[src="x"]')).toBeNull()
  })

  it('shows a failing server as an error row with Retry while the other servers keep their items', async () => {
    const retry = vi.fn()
    const { user } = renderPicker({
      sources: [
        ready('good', docs),
        {
          serverId: 'bad',
          serverName: 'Bad',
          status: 'error',
          error: new Error('connection refused'),
          resources: [],
          retry,
        },
        { serverId: 'slow', status: 'connecting', resources: [] },
        { serverId: 'locked', serverName: 'Locked', status: 'needs-auth', resources: [], retry },
      ],
      defaultView: 'list',
    })
    expect(screen.getAllByRole('option', { name: /\.ts|\.md/ })).toHaveLength(3)
    const error = screen.getByRole('option', { name: 'Failed to load Bad: connection refused' })
    expect(error.getAttribute('data-status')).toBe('error')
    expect(error.textContent).toContain('Retry')
    expect(
      screen.getByRole('option', { name: 'Connecting to slow…' }).getAttribute('aria-disabled'),
    ).toBe('true')
    expect(
      screen.getByRole('option', { name: 'Locked needs sign-in' }).getAttribute('data-status'),
    ).toBe('needs-auth')
    await user.click(input())
    while (active()?.getAttribute('aria-label') !== error.getAttribute('aria-label'))
      await user.keyboard('{ArrowDown}')
    await user.keyboard('{Enter}')
    expect(retry).toHaveBeenCalledTimes(1)
  })

  it('offers load-more for an incomplete walk', async () => {
    const loadMore = vi.fn()
    const { user } = renderPicker({
      sources: [ready('s', docs, { hasMore: true, loadMore })],
      defaultView: 'list',
    })
    const row = screen.getByRole('option', { name: '3 loaded — more available. Load more' })
    await user.click(row)
    expect(loadMore).toHaveBeenCalledTimes(1)
  })

  // Not a timing assertion: building 100,000 rows is slow on a busy CI machine (see bench/).
  it('keeps about 100 rows in the DOM with 100,000 resources', { timeout: 30_000 }, () => {
    const many: Resource[] = Array.from({ length: 100_000 }, (_, i) => ({
      uri: `x://h/r${i}`,
      name: `r${i}`,
    }))
    renderPicker({ sources: [ready('big', many)], defaultView: 'list' })
    const options = screen.getAllByRole('option')
    expect(options.length).toBeGreaterThan(10)
    expect(options.length).toBeLessThanOrEqual(100)
    expect(screen.getByRole('status').textContent).toBe('100,000 resources')
  })

  it('keeps the highlighted row across list_changed and marks changed items as updated', async () => {
    const first = ready('s', docs)
    const { user, rerender } = renderPicker({ sources: [first], defaultView: 'list' })
    await user.click(input())
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(active()?.getAttribute('aria-label')).toBe('readme.md')
    const changed = { ...docs[1]!, size: 999 }
    const added = { uri: 'file:///ws/a.ts', name: 'a.ts' }
    rerender(
      <StrictMode>
        <Picker.Root
          initialRect={RECT}
          sources={[ready('s', [added, docs[0]!, changed, docs[2]!])]}
          defaultView="list"
        >
          <Picker.Input />
          <Picker.List />
        </Picker.Root>
      </StrictMode>,
    )
    expect(active()?.getAttribute('aria-label')).toBe('readme.md')
    expect(screen.getByRole('option', { name: 'main.ts' }).getAttribute('data-updated')).toBe(
      'true',
    )
    expect(screen.getByRole('option', { name: 'a.ts' }).getAttribute('data-updated')).toBe('true')
    expect(
      screen.getByRole('option', { name: 'readme.md' }).getAttribute('data-updated'),
    ).toBeNull()
  })

  it('selects several resources in multiple mode', async () => {
    const onSelect = vi.fn()
    const { user } = renderPicker({
      sources: [ready('s', docs)],
      defaultView: 'list',
      selectionMode: 'multiple',
      onSelect,
    })
    expect(screen.getByRole('listbox').getAttribute('aria-multiselectable')).toBe('true')
    await user.click(screen.getByRole('option', { name: 'main.ts' }))
    await user.click(screen.getByRole('option', { name: 'util.ts' }))
    expect(onSelect.mock.lastCall![0].map((d: { uri: string }) => d.uri)).toEqual([
      'file:///ws/src/main.ts',
      'file:///ws/src/util.ts',
    ])
    expect(screen.getByRole('option', { name: 'main.ts' }).getAttribute('aria-selected')).toBe(
      'true',
    )
    expect(screen.getByRole('option', { name: 'readme.md' }).getAttribute('aria-selected')).toBe(
      'false',
    )
  })

  it('reads an inode/directory lazily on expand and shows its contents', async () => {
    let resolve!: (items: Resource[]) => void
    const loadDirectory = vi.fn(() => new Promise<Resource[]>((r) => (resolve = r)))
    const dir = { uri: 'file:///ws/docs', name: 'docs', mimeType: 'inode/directory' }
    const { user } = renderPicker({ sources: [ready('s', [dir])], loadDirectory })
    await user.click(input())
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowRight}')
    // Authority folder first; expand it, then the directory.
    await user.keyboard('{ArrowDown}{ArrowRight}')
    expect(loadDirectory).toHaveBeenCalledWith('s', 'file:///ws/docs', expect.any(AbortSignal))
    expect(screen.getByRole('treeitem', { name: 'Loading…' })).toBeTruthy()
    await act(async () => resolve([{ uri: 'file:///ws/docs/a.md', name: 'a.md' }]))
    expect(screen.getByRole('treeitem', { name: 'a.md' }).getAttribute('aria-level')).toBe('4')
  })

  it('moves by type-ahead when the tree itself has focus', async () => {
    const { user } = renderPicker({ sources: [ready('s', docs)], defaultView: 'list' })
    const list = screen.getByRole('listbox')
    list.focus()
    await user.keyboard('u')
    expect(
      document
        .getElementById(list.getAttribute('aria-activedescendant')!)
        ?.getAttribute('aria-label'),
    ).toBe('util.ts')
  })
})
