// What a host composing the parts without the theme, or with its own id, gets.
import type { Resource } from '@resource-kit/client'
import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PickerSource } from '../../../shared/sourceTypes.ts'
import { Picker } from '../Picker.ts'

const RECT = { width: 400, height: 640 }
const resources: Resource[] = [
  { uri: 'file:///ws/readme.md', name: 'readme.md' },
  { uri: 'file:///ws/a/b/c/d/e/f/g/very/long/path/route.ts', name: 'route.ts' },
]
const sources: PickerSource[] = [
  { serverId: 'docs', serverName: 'Docs', status: 'ready', resources },
]

function renderParts() {
  return render(
    <Picker.Root sources={sources} initialRect={RECT} id="host-picker" defaultView="list">
      <Picker.Toolbar data-testid="toolbar">
        <Picker.Input />
        <Picker.ViewToggle />
      </Picker.Toolbar>
      <Picker.List />
      <Picker.LiveRegion data-testid="live" />
    </Picker.Root>,
  )
}

describe('the parts in a host', () => {
  it('keeps the id given to Picker.Root on its element and derives the parts ids from it', () => {
    const { container } = renderParts()
    const root = container.querySelector('.rk-picker')
    expect(root?.id).toBe('host-picker')
    expect(screen.getByRole('combobox').id).toBe('host-picker-input')
  })

  it('lays the input and toggles in a Picker.Toolbar', () => {
    renderParts()
    const toolbar = screen.getByTestId('toolbar')
    expect(toolbar.classList.contains('rk-picker-toolbar')).toBe(true)
    expect(toolbar.contains(screen.getByRole('combobox'))).toBe(true)
  })

  it('hides the live region without any stylesheet (inline, not only by the theme class)', async () => {
    renderParts()
    const live = screen.getByTestId('live')
    await waitFor(() => expect(live.textContent).not.toBe(''))
    expect(live.style.position).toBe('absolute')
    expect(live.style.width).toBe('1px')
    expect(live.style.height).toBe('1px')
    expect(live.style.overflow).toBe('hidden')
  })
})
