import type { Resource } from '@resource-kit/client'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PickerSource } from '../../../shared/sourceTypes.ts'
import { labelOf, named } from '../../__tests__/rowNames.ts'
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
  // happy-dom has no user-agent styles: without them every element counts as a block and
  // the name computation puts spaces between inline parts, which a browser does not.
  const inline = document.createElement('style')
  inline.textContent = 'span, mark, time, code { display: inline }'
  beforeAll(() => document.head.append(inline))
  afterAll(() => inline.remove())

  it('renders a combobox controlling a tree whose servers start expanded', () => {
    renderPicker({ sources: [ready('files', docs)] })
    const tree = screen.getByRole('tree', { name: 'Resources' })
    expect(input().getAttribute('aria-controls')).toBe(tree.id)
    expect(input().getAttribute('aria-haspopup')).toBe('tree')
    expect(input().getAttribute('aria-expanded')).toBe('true')
    const server = screen.getByRole('treeitem', { name: named('FILES') })
    expect(server.getAttribute('aria-level')).toBe('1')
    expect(server.getAttribute('aria-expanded')).toBe('true')
    expect(server.getAttribute('data-expanded')).toBe('true')
    expect(
      screen.getByRole('treeitem', { name: named('file:///ws') }).getAttribute('aria-level'),
    ).toBe('2')
  })

  it('walks the tree by keyboard: arrows, Right to expand and enter, Left to go back, Enter to select', async () => {
    const onSelect = vi.fn()
    const { user } = renderPicker({ sources: [ready('files', docs)], onSelect })
    await user.click(input())
    await user.keyboard('{ArrowDown}')
    expect(labelOf(active())).toBe('FILES')
    expect(active()?.getAttribute('data-highlighted')).toBe('true')
    await user.keyboard('{ArrowDown}')
    expect(labelOf(active())).toBe('file:///ws')
    expect(active()?.getAttribute('aria-expanded')).toBe('false')
    await user.keyboard('{ArrowRight}')
    expect(active()?.getAttribute('aria-expanded')).toBe('true')
    await user.keyboard('{ArrowRight}')
    expect(active()?.getAttribute('aria-level')).toBe('3')
    await user.keyboard('{ArrowLeft}')
    expect(labelOf(active())).toBe('file:///ws')
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
    await waitFor(() => expect(status.textContent).toBe('1 result'))
    const option = screen.getByRole('treeitem', { name: named('main.ts') })
    expect(option.querySelector('mark')?.textContent).toBe('main')
    // The best result is highlighted as soon as the query changes.
    expect(active()).toBe(option)
    await user.clear(input())
    await user.type(input(), 'zzzzqqq')
    await waitFor(() => expect(status.textContent).toBe('No results'))
    expect(screen.getByText('No results for “zzzzqqq”')).toBeTruthy()
  })

  it('switches to a listbox with one labelled group per server', async () => {
    const { user } = renderPicker({
      sources: [ready('files', docs), ready('db', [{ uri: 'db://x/t', name: 't' }])],
    })
    await user.click(screen.getByRole('button', { name: 'List' }))
    expect(input().getAttribute('aria-haspopup')).toBe('listbox')
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true')
    const listbox = screen.getByRole('listbox', { name: 'Resources' })
    const groups = within(listbox).getAllByRole('group')
    expect(
      groups.map(
        (g) =>
          g.getAttribute('aria-labelledby') &&
          document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent,
      ),
    ).toEqual(['FILES 3 resources', 'DB 1 resource'])
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((o) => labelOf(o)),
    ).toEqual(['main.ts', 'readme.md', 'util.ts'])
  })

  it('names every row by its visible text, label first (axe label-content-name-mismatch)', async () => {
    const withDetails: Resource[] = [
      ...docs,
      {
        uri: 'ticket://ops/45',
        name: 'OPS-45',
        title: 'Disk alert',
        size: 2048,
        annotations: { lastModified: '2026-01-02T03:04:05Z' },
      },
    ]
    const { user } = renderPicker({
      sources: [
        ready('files', withDetails, {
          templates: [{ uriTemplate: 'file:///{path}', name: 'file', title: 'Source file' }],
        }),
        {
          serverId: 'bad',
          status: 'error',
          error: new Error('refused'),
          resources: [],
          retry() {},
        },
      ],
    })
    const check = (role: 'treeitem' | 'option', atLeast: number) => {
      const names = new Map<Element, string>()
      screen.getAllByRole(role, {
        name: (name, element) => {
          names.set(element, name)
          return true
        },
      })
      expect(names.size).toBeGreaterThanOrEqual(atLeast)
      for (const [row, name] of names) {
        const label = row.querySelector('.rk-label, .rk-status-text')!.textContent!
        expect(name.startsWith(label)).toBe(true)
        // Every visible word is in the name, in order (what axe checks in a browser).
        const visible = row.textContent!.replace(/\s+/g, ' ').trim()
        expect(name).toBe(visible)
      }
    }
    check('treeitem', 6)
    // Search hits in the tree: what axe flagged in the browser (title, size, date per row).
    await user.type(input(), 'disk')
    expect(screen.getByRole('treeitem', { name: named('Disk alert') }).textContent).toContain(
      '2.0 kB',
    )
    check('treeitem', 2)
    await user.clear(input())
    await user.click(screen.getByRole('button', { name: 'List' }))
    check('option', 6)
  })

  it('renders a hostile resource name as text', () => {
    const evil = '<img src=x onerror=alert(1)>'
    renderPicker({ sources: [ready('s', [{ uri: 'x://a', name: evil }])], defaultView: 'list' })
    expect(screen.getByRole('option', { name: `${evil} x://a` }).textContent).toContain(evil)
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
    const error = screen.getByRole('option', {
      name: named('Failed to load Bad: connection refused'),
    })
    expect(error.getAttribute('data-status')).toBe('error')
    expect(error.textContent).toContain('Retry')
    expect(
      screen
        .getByRole('option', { name: named('Connecting to slow…') })
        .getAttribute('aria-disabled'),
    ).toBe('true')
    expect(
      screen
        .getByRole('option', { name: named('Locked needs sign-in') })
        .getAttribute('data-status'),
    ).toBe('needs-auth')
    await user.click(input())
    while (active() !== error) await user.keyboard('{ArrowDown}')
    await user.keyboard('{Enter}')
    expect(retry).toHaveBeenCalledTimes(1)
  })

  it('offers load-more for an incomplete walk', async () => {
    const loadMore = vi.fn()
    const { user } = renderPicker({
      sources: [ready('s', docs, { hasMore: true, loadMore })],
      defaultView: 'list',
    })
    const row = screen.getByRole('option', { name: named('3 loaded — more available') })
    await user.click(row)
    expect(loadMore).toHaveBeenCalledTimes(1)
  })

  // Not a timing assertion: building 100,000 rows is slow on a busy CI machine (see bench/).
  it('keeps about 100 rows in the DOM with 100,000 resources', { timeout: 30_000 }, async () => {
    const many: Resource[] = Array.from({ length: 100_000 }, (_, i) => ({
      uri: `x://h/r${i}`,
      name: `r${i}`,
    }))
    renderPicker({ sources: [ready('big', many)], defaultView: 'list' })
    const options = screen.getAllByRole('option')
    expect(options.length).toBeGreaterThan(10)
    expect(options.length).toBeLessThanOrEqual(100)
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('100,000 resources'))
  })

  it('says aria-expanded="false" while the search shows no rows', async () => {
    const { user } = renderPicker({ sources: [ready('files', docs)] })
    await user.type(input(), 'zzzzqqq')
    expect(screen.getByText('No results for “zzzzqqq”')).toBeTruthy()
    expect(input().getAttribute('aria-expanded')).toBe('false')
    await user.clear(input())
    expect(input().getAttribute('aria-expanded')).toBe('true')
  })

  it('announces the count once when pages stop streaming in, not once per page', async () => {
    const page = (n: number) =>
      Array.from({ length: n * 50 }, (_, i): Resource => ({ uri: `x://h/r${i}`, name: `r${i}` }))
    const streaming = (n: number, more: boolean) =>
      ready('big', page(n), { hasMore: more, loadingMore: more })
    const { rerender } = renderPicker({ sources: [ready('big', [], { status: 'loading' })] })
    const status = screen.getByRole('status')
    const spoken: string[] = []
    const observer = new MutationObserver(() => spoken.push(status.textContent ?? ''))
    observer.observe(status, { childList: true, characterData: true, subtree: true })
    const show = (source: PickerSource) =>
      rerender(
        <StrictMode>
          <Picker.Root initialRect={RECT} sources={[source]}>
            <Picker.Input />
            <Picker.ViewToggle />
            <Picker.List />
            <Picker.Empty />
            <Picker.LiveRegion />
          </Picker.Root>
        </StrictMode>,
      )
    // 20 pages, each a little apart, as a 1,000-resource server streams them.
    for (let n = 1; n <= 20; n++) {
      show(streaming(n, n < 20))
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    }
    await waitFor(() => expect(status.textContent).toBe('1,000 resources'))
    observer.disconnect()
    expect(spoken).toEqual(['1,000 resources'])
  })

  // Change marks are the client's LiveResources' (live/__tests__/oneChangeState.test.tsx).
  it('keeps the highlighted row across list_changed', async () => {
    const first = ready('s', docs)
    const { user, rerender } = renderPicker({ sources: [first], defaultView: 'list' })
    await user.click(input())
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(labelOf(active())).toBe('readme.md')
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
    expect(labelOf(active())).toBe('readme.md')
    screen.getByRole('option', { name: named('a.ts') })
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
    await user.click(screen.getByRole('option', { name: named('main.ts') }))
    await user.click(screen.getByRole('option', { name: named('util.ts') }))
    expect(onSelect.mock.lastCall![0].map((d: { uri: string }) => d.uri)).toEqual([
      'file:///ws/src/main.ts',
      'file:///ws/src/util.ts',
    ])
    expect(
      screen.getByRole('option', { name: named('main.ts') }).getAttribute('aria-selected'),
    ).toBe('true')
    expect(
      screen.getByRole('option', { name: named('readme.md') }).getAttribute('aria-selected'),
    ).toBe('false')
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
    expect(screen.getByRole('treeitem', { name: named('Loading…') })).toBeTruthy()
    await act(async () => resolve([{ uri: 'file:///ws/docs/a.md', name: 'a.md' }]))
    expect(screen.getByRole('treeitem', { name: named('a.md') }).getAttribute('aria-level')).toBe(
      '4',
    )
  })

  it('moves by type-ahead when the tree itself has focus', async () => {
    const { user } = renderPicker({ sources: [ready('s', docs)], defaultView: 'list' })
    const list = screen.getByRole('listbox')
    list.focus()
    await user.keyboard('u')
    expect(labelOf(document.getElementById(list.getAttribute('aria-activedescendant')!))).toBe(
      'util.ts',
    )
  })
  it('never points aria-activedescendant at a row scrolled out of the DOM', async () => {
    const many = Array.from({ length: 300 }, (_, i) => ({
      uri: `file:///ws/f${String(i).padStart(3, '0')}.md`,
      name: `f${String(i).padStart(3, '0')}.md`,
    }))
    const { user } = renderPicker({ sources: [ready('files', many)], defaultView: 'list' })
    await user.click(input())
    await user.keyboard('{ArrowDown}')
    expect(labelOf(active())).toContain('f000.md')
    // Scroll by wheel or touch: the highlighted row leaves the virtual window.
    const list = screen.getByRole('listbox', { name: 'Resources' })
    await act(async () => {
      list.scrollTop = 250 * 32
      list.dispatchEvent(new Event('scroll'))
    })
    expect(list.textContent).not.toContain('f000.md')
    const id = input().getAttribute('aria-activedescendant')
    if (id !== null) expect(document.getElementById(id)).not.toBeNull()
    expect(list.getAttribute('aria-activedescendant')).toBe(id)
    // The highlight itself stays: the next arrow continues from it and scrolls it back.
    await user.keyboard('{ArrowDown}')
    // (A browser sends the scroll event of scrollToIndex by itself; happy-dom does not.)
    await act(async () => {
      list.dispatchEvent(new Event('scroll'))
    })
    expect(labelOf(active())).toContain('f001.md')
  })
})
