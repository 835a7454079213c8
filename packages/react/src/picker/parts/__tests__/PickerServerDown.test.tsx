// A server that stops answering: its rows stay (last known) but are marked, in the tree,
// the list and the search results, and the marks go when it is back, with no user action.
import type { Resource } from '@resource-kit/client'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PickerSource } from '../../../shared/sourceTypes.ts'
import type { PickerView } from '../../pickerStore.ts'
import { Picker } from '../Picker.ts'

const resources: Resource[] = [
  { uri: 'file:///ws/readme.md', name: 'readme.md', mimeType: 'text/markdown' },
  { uri: 'file:///ws/main.ts', name: 'main.ts', mimeType: 'text/typescript' },
]

const templates = [{ uriTemplate: 'file:///ws/{name}', name: 'any file' }]
const loadMore = () => {}
// The same lists in every status: the server's tree is kept, only its state changes (and,
// live, it has more to load: one row after its items, as the status row when it is down).
const docs = (status: PickerSource['status']): PickerSource => ({
  serverId: 'docs',
  serverName: 'Docs',
  status,
  resources,
  templates,
  ...(status === 'ready' && { hasMore: true, loadMore }),
})
const live: PickerSource = {
  serverId: 'live',
  serverName: 'Live',
  status: 'ready',
  resources: [{ uri: 'file:///lv/readme-live.md', name: 'readme-live.md' }],
}

function Panel({ sources, view }: { sources: readonly PickerSource[]; view: PickerView }) {
  return (
    <StrictMode>
      <Picker.Root initialRect={{ width: 400, height: 640 }} sources={sources} defaultView={view}>
        <Picker.Input />
        <Picker.List />
      </Picker.Root>
    </StrictMode>
  )
}

const role = (view: PickerView) => (view === 'tree' ? 'treeitem' : 'option')
const row = (view: PickerView, name: RegExp) => screen.getByRole(role(view), { name })
const downRows = () =>
  Array.from(document.querySelectorAll('[data-server-down]'), (el) => el.textContent ?? '')

describe('rows of a server that is down', () => {
  const inline = document.createElement('style')
  inline.textContent = 'span, mark, time, code { display: inline }'
  beforeAll(() => document.head.append(inline))
  afterAll(() => inline.remove())

  for (const view of ['list', 'tree'] as const) {
    it(`are marked in the ${view} while it reconnects, and live again once it is back`, async () => {
      const view_ = render(<Panel sources={[docs('ready'), live]} view={view} />)
      const readme = () => row(view, /^readme\.md/)
      if (view === 'tree') {
        // Open the folders (their rows are the servers' resources).
        const user = userEvent.setup()
        for (const folder of [/^file:\/\/\/ws/, /^file:\/\/\/lv/]) {
          await user.click(screen.getByRole('treeitem', { name: folder }))
          await user.keyboard('{ArrowRight}')
        }
      }
      await waitFor(() => expect(readme()).toBeTruthy())
      expect(readme().hasAttribute('data-server-down')).toBe(false)
      expect(downRows()).toEqual([])

      view_.rerender(<Panel sources={[docs('reconnecting'), live]} view={view} />)
      // Still there (last known), marked, and its name says why; the live server's are not.
      expect(readme().hasAttribute('data-server-down')).toBe(true)
      expect(readme().getAttribute('aria-disabled')).toBeNull()
      expect(row(view, /^readme\.md.*, server not answering$/)).toBe(readme())
      expect(row(view, /^main\.ts/).hasAttribute('data-server-down')).toBe(true)
      expect(row(view, /^readme-live\.md/).hasAttribute('data-server-down')).toBe(false)
      // The server's own rows say it in words, not with the row mark.
      expect(row(view, /^Docs is not answering, reconnecting/)).toBeTruthy()
      expect(
        document.querySelector(
          '[data-kind="server"][data-server-down], [data-kind="status"][data-server-down]',
        ),
      ).toBeNull()

      view_.rerender(<Panel sources={[docs('offline'), live]} view={view} />)
      expect(readme().hasAttribute('data-server-down')).toBe(true)

      view_.rerender(<Panel sources={[docs('ready'), live]} view={view} />)
      expect(readme().hasAttribute('data-server-down')).toBe(false)
      expect(row(view, /^readme\.md/).textContent).not.toMatch(/not answering/)
      expect(downRows()).toEqual([])
    })
  }

  it('marks its search results too, and unmarks them when it is back', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup()
    const view = render(<Panel sources={[docs('offline'), live]} view="tree" />)
    await user.type(screen.getByRole('combobox', { name: 'Search resources' }), 'readme')
    await waitFor(() => expect(row('tree', /^readme-live\.md/)).toBeTruthy())
    await waitFor(() =>
      expect(row('tree', /^readme\.md/).hasAttribute('data-server-down')).toBe(true),
    )
    expect(row('tree', /^readme-live\.md/).hasAttribute('data-server-down')).toBe(false)
    view.rerender(<Panel sources={[docs('ready'), live]} view="tree" />)
    await vi.waitFor(() =>
      expect(row('tree', /^readme\.md/).hasAttribute('data-server-down')).toBe(false),
    )
  })
})
