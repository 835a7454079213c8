// Rows show where a resource lives: ten "Invoice" rows are told apart by their URI, by eye
// (the dimmed location, the file name always shown) and by ear (their accessible names).
import type { Resource } from '@resource-kit/client'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PickerSource } from '../../../shared/sourceTypes.ts'
import { Picker } from '../Picker.ts'

const FOLDERS = [
  'billing',
  'refund',
  'board',
  'route',
  'api',
  'portal',
  'stock',
  'panel',
  'cart',
  'tag',
]
const invoices: Resource[] = FOLDERS.map((folder) => ({
  uri: `file:///workspace/config/${folder}/invoice.json`,
  name: 'invoice.json',
  title: 'Invoice',
}))

const source: PickerSource = { serverId: 'demo', status: 'ready', resources: invoices }

function renderPicker(defaultView?: 'tree' | 'list') {
  const user = userEvent.setup()
  render(
    <StrictMode>
      <Picker.Root
        initialRect={{ width: 400, height: 640 }}
        sources={[source]}
        defaultView={defaultView}
      >
        <Picker.Input />
        <Picker.List />
      </Picker.Root>
    </StrictMode>,
  )
  return user
}

describe('row locations', () => {
  const inline = document.createElement('style')
  inline.textContent = 'span, mark, time, code { display: inline }'
  beforeAll(() => document.head.append(inline))
  afterAll(() => inline.remove())

  it('names ten same-titled search hits apart by their location, with the full URI as title', async () => {
    const user = renderPicker()
    await user.type(screen.getByRole('combobox', { name: 'Search resources' }), 'invocie')
    // Hits arrive asynchronously (React 18 renders them a tick later than 19): wait for them.
    const hitRows = () =>
      screen.queryAllByRole('treeitem').filter((row) => row.querySelector('.rk-location'))
    await waitFor(() => expect(hitRows()).toHaveLength(10))
    const rows = hitRows()
    const names = new Set(rows.map((row) => row.textContent))
    expect(names.size).toBe(10)
    for (const folder of FOLDERS) {
      const uri = `file:///workspace/config/${folder}/invoice.json`
      const row = screen.getByRole('treeitem', { name: `Invoice ${uri}` })
      const location = row.querySelector('.rk-location')
      expect(location?.getAttribute('title')).toBe(uri)
      expect(location?.querySelector('.rk-location-tail')?.textContent).toBe('invoice.json')
    }
  })

  it('marks a match in the location when the URI is what matched', async () => {
    const user = renderPicker()
    await user.type(screen.getByRole('combobox', { name: 'Search resources' }), 'refund')
    const row = screen.getByRole('treeitem', { name: /refund\/invoice\.json$/ })
    expect([...row.querySelectorAll('.rk-location mark')].map((m) => m.textContent)).toEqual([
      'refund',
    ])
  })

  it('shows locations in the list view, not in the tree (the tree shows them)', () => {
    renderPicker('list')
    expect(document.querySelectorAll('.rk-location')).toHaveLength(10)
  })
})

describe('server counts', () => {
  const inline = document.createElement('style')
  inline.textContent = 'span, mark, time, code { display: inline }'
  beforeAll(() => document.head.append(inline))
  afterAll(() => inline.remove())

  const withTemplate = (extra: Partial<PickerSource>): PickerSource => ({
    ...source,
    templates: [{ uriTemplate: 'file:///workspace/{path}', name: 'file' }],
    ...extra,
  })
  const tree = (sources: PickerSource[]) => (
    <StrictMode>
      <Picker.Root initialRect={{ width: 400, height: 640 }} sources={sources}>
        <Picker.Input />
        <Picker.List />
      </Picker.Root>
    </StrictMode>
  )
  const countShown = () => document.querySelector('.rk-count')?.textContent ?? null

  it('shows a server’s count once its pages settle, templates apart, never page by page', () => {
    const { rerender } = render(
      tree([withTemplate({ resources: invoices.slice(0, 3), loadingMore: true, hasMore: true })]),
    )
    expect(countShown()).toBeNull()
    rerender(
      tree([withTemplate({ resources: invoices.slice(0, 6), loadingMore: true, hasMore: true })]),
    )
    expect(countShown()).toBeNull()
    rerender(tree([withTemplate({ resources: invoices })]))
    expect(countShown()).toBe('10 resources · 1 template')
    expect(screen.getByRole('treeitem', { name: /^demo 10 resources · 1 template/ })).toBeTruthy()
  })
})
