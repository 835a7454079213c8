import { act, render, renderHook, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { createPickerStore } from '../pickerStore.ts'
import { usePicker } from '../usePicker.ts'

const sources: PickerSource[] = [
  {
    serverId: 's',
    status: 'ready',
    resources: [
      { uri: 'x://h/alpha', name: 'alpha', size: 10, mimeType: 'text/plain' },
      { uri: 'x://h/beta', name: 'beta' },
    ],
  },
]
const RECT = { width: 300, height: 300 }

// An app-owned input driving the picker as a popup (as the @-mention composer does).
function Composer({ onSelect }: { onSelect: (selection: unknown[]) => void }) {
  const [text, setText] = useState('')
  const picker = usePicker({
    sources,
    query: text,
    onSelect,
    defaultView: 'list',
    initialRect: RECT,
  })
  return (
    <>
      <input
        aria-label="Message"
        {...picker.getInputProps({ onChange: (e) => setText(e.currentTarget.value) })}
      />
      <div {...picker.getListProps({ 'aria-label': 'Suggestions', tabIndex: -1 })}>
        {picker.virtualItems.map((item) => {
          const row = picker.rows.at(item.index)!
          return (
            <div key={row.id} {...picker.getItemProps({ row })}>
              {row.label}
            </div>
          )
        })}
      </div>
    </>
  )
}

describe('usePicker', () => {
  it('keeps the same window of rows through a highlight change (nothing is rebuilt)', () => {
    const { result } = renderHook(() =>
      usePicker({ sources, defaultView: 'list', initialRect: RECT }),
    )
    const items = result.current.virtualItems
    expect(items.map((item) => item.index)).toEqual([0, 1, 2])
    expect(result.current.totalSize).toBe(result.current.rows.length * 32)
    act(() => result.current.highlight(result.current.rows.at(2)!.id))
    expect(result.current.highlightedId).toBe(result.current.rows.at(2)!.id)
    expect(result.current.virtualItems).toBe(items)
  })

  it('returns prop getters with combobox and listbox ARIA', () => {
    const { result } = renderHook(
      () => usePicker({ sources, id: 'p', defaultView: 'list', initialRect: RECT }),
      {
        wrapper: StrictMode,
      },
    )
    const input = result.current.getInputProps()
    expect(input).toMatchObject({
      id: 'p-input',
      role: 'combobox',
      'aria-controls': 'p-list',
      value: '',
    })
    expect(result.current.getListProps()).toMatchObject({ id: 'p-list', role: 'listbox' })
    const row = [...result.current.rows].find((r) => r.kind === 'resource')!
    const item = result.current.getItemProps({ row })
    expect(item).toMatchObject({ role: 'option', 'aria-selected': false, 'data-kind': 'resource' })
    // Named by its content: an aria-label would hide the visible details (WCAG 2.5.3).
    expect(item).not.toHaveProperty('aria-label')
  })

  it('runs the user handler first and skips ours when it prevents the default', () => {
    const store = createPickerStore({ view: 'list' })
    const { result } = renderHook(() => usePicker({ sources, store, initialRect: RECT }))
    const calls: string[] = []
    const row = [...result.current.rows].find((r) => r.kind === 'resource')!
    const props = result.current.getItemProps({ row, onClick: () => calls.push('user') })
    act(() => props.onClick!({ defaultPrevented: false } as never))
    expect(calls).toEqual(['user'])
    expect(store.getState().selected.size).toBe(1)
    const blocked = result.current.getItemProps({
      row: [...result.current.rows].find((r) => r.label === 'beta')!,
      onClick: (e: { preventDefault(): void }) => e.preventDefault(),
    })
    const event = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true
      },
    }
    act(() => blocked.onClick!(event as never))
    expect(store.getState().selected.size).toBe(1)
  })

  it('follows a controlled query and reports changes through onQueryChange', async () => {
    const onQueryChange = vi.fn()
    const { result, rerender } = renderHook(
      (query: string) => usePicker({ sources, query, onQueryChange, initialRect: RECT }),
      {
        initialProps: '',
      },
    )
    act(() => result.current.setQuery('alp'))
    expect(onQueryChange).toHaveBeenCalledWith('alp')
    expect(result.current.query).toBe('')
    rerender('alp')
    expect(result.current.query).toBe('alp')
    // The query may first be answered by an index still filling: it runs again as it grows.
    await waitFor(() =>
      expect(
        [...result.current.rows].filter((r) => r.kind === 'resource').map((r) => r.label),
      ).toEqual(['alpha']),
    )
    expect(result.current.searchPending).toBe(false)
  })

  it('drives a popup from an input the app owns (getComboboxProps)', async () => {
    const onSelect = vi.fn()
    render(
      <StrictMode>
        <Composer onSelect={onSelect} />
      </StrictMode>,
    )
    const user = userEvent.setup()
    const box = screen.getByRole('combobox', { name: 'Message' })
    await user.type(box, 'bet')
    expect(document.getElementById(box.getAttribute('aria-activedescendant')!)?.textContent).toBe(
      'beta',
    )
    await user.keyboard('{Enter}')
    expect(onSelect).toHaveBeenCalledWith([{ serverId: 's', uri: 'x://h/beta', name: 'beta' }])
  })
})
