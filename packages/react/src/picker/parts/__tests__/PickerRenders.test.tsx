import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { memo, Profiler, type ProfilerOnRenderCallback, StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import type { PickerSource } from '../../../shared/sourceTypes.ts'
import type { PickerRow } from '../../pickerRow.ts'
import { Picker } from '../Picker.ts'
import { usePickerContext } from '../PickerContext.ts'

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

/** Renders with every new picker the root publishes: one per render of the root. */
function RootProbe({ onRootRender }: { onRootRender: () => void }) {
  usePickerContext()
  return <Profiler id="root" onRender={onRootRender} />
}

describe('Picker renders per keystroke', () => {
  it('lands a keystroke’s hits and highlight together: at most two renders of the root (Profiler)', {
    timeout: 30_000,
  }, async () => {
    let rootRenders = 0
    const user = userEvent.setup()
    render(
      <StrictMode>
        <Picker.Root sources={sources} defaultView="list" initialRect={{ width: 400, height: 640 }}>
          <Picker.Input />
          <Picker.List />
          <Picker.LiveRegion />
          <Profiler id="probe" onRender={() => rootRenders++}>
            <RootProbe onRootRender={() => {}} />
          </Profiler>
        </Picker.Root>
      </StrictMode>,
    )
    const input = screen.getByRole('combobox', { name: 'Search resources' })
    await user.click(input)
    const active = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')
    const perKey: number[] = []
    for (const key of ['f', '1', '7']) {
      // Settled: every effect, search reply and announcement in (the index runs on this thread).
      await act(() => new Promise((resolve) => setTimeout(resolve, 600)))
      rootRenders = 0
      await user.keyboard(key)
      await act(() => new Promise((resolve) => setTimeout(resolve, 600)))
      // The query's best hit is highlighted (the first option shown), and the count spoken.
      expect(active()).toBe(screen.getAllByRole('option')[0])
      expect(screen.getByRole('status').textContent).toMatch(/results?$/)
      perKey.push(rootRenders)
    }
    // Was [4, 4, 4]: the keystroke, its highlight written back, the hits, their highlight
    // written back; the announcement a fifth.
    expect(perKey, `root renders per key: ${perKey}`).toEqual(perKey.map((n) => Math.min(n, 2)))
  })
})
