import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { memo, Profiler, type ProfilerOnRenderCallback, StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import type { PickerSource } from '../../../shared/sourceTypes.ts'
import type { PickerRow } from '../../pickerRow.ts'
import { Picker } from '../Picker.ts'

const sources: PickerSource[] = [
  {
    serverId: 'files',
    status: 'ready',
    resources: Array.from({ length: 40 }, (_, i) => ({
      uri: `file:///ws/f${String(i).padStart(2, '0')}.md`,
      name: `f${String(i).padStart(2, '0')}.md`,
    })),
  },
]

/** Commits per row id, filled by the Profiler around each row. */
const renders = new Map<string, number>()
const onRender: ProfilerOnRenderCallback = (id) => renders.set(id, (renders.get(id) ?? 0) + 1)

// Each row under its own Profiler; memo keeps the wrapper itself out of the count.
const CountedRow = memo(function CountedRow({ row }: { row: PickerRow }) {
  return (
    <Profiler id={row.id} onRender={onRender}>
      <Picker.Item row={row} />
    </Profiler>
  )
})

describe('Picker re-renders', () => {
  it('re-renders only the two rows a highlight change concerns (measured with Profiler)', async () => {
    renders.clear()
    const user = userEvent.setup()
    render(
      <StrictMode>
        <Picker.Root sources={sources} defaultView="list" initialRect={{ width: 400, height: 640 }}>
          <Picker.Input />
          <Picker.List renderRow={(row) => <CountedRow row={row} />} />
        </Picker.Root>
      </StrictMode>,
    )
    const input = screen.getByRole('combobox', { name: 'Search resources' })
    await user.click(input)
    await user.keyboard('{ArrowDown}{ArrowDown}')
    const mounted = renders.size
    expect(mounted).toBeGreaterThan(20)

    renders.clear()
    await user.keyboard('{ArrowDown}')
    await act(async () => {})
    expect(input.getAttribute('aria-activedescendant')).toContain('f02.md')
    // The row that lost the highlight and the row that gained it; no other row.
    expect([...renders.keys()].sort()).toEqual(
      [...renders.keys()].filter((id) => id.endsWith('f01.md') || id.endsWith('f02.md')).sort(),
    )
    expect(renders.size).toBe(2)
  })
})
