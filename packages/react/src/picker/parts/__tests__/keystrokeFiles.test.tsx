// Which source files of packages/react and packages/search one settled keystroke of the
// side search runs code in (printed), bounded so the path does not grow unseen. V8's
// precise coverage counts calls per function; taking it resets the counters, so the take
// after the keystroke holds only what the keystroke ran (its renders, the search, its
// hits, the announcement). Measured: 44 React + 17 search files at 467301e (before the
// source store), 46 + 17 after (statusText.ts split out, the scheduler's provider read,
// the tree hook called per render).
import { Session } from 'node:inspector/promises'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { PickerSource } from '../../../shared/sourceTypes.ts'
import { Picker } from '../Picker.ts'

const sources: PickerSource[] = [
  {
    serverId: 'files',
    status: 'ready',
    resources: Array.from({ length: 400 }, (_, i) => ({
      uri: `file:///ws/dir${i % 7}/file-${i}.md`,
      name: `file-${i}.md`,
    })),
  },
]

describe('files per keystroke', () => {
  it('lists the files one settled side-search keystroke runs', { timeout: 60_000 }, async () => {
    const session = new Session()
    session.connect()
    await session.post('Profiler.enable')
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false })
    const user = userEvent.setup()
    render(
      <Picker.Root sources={sources} defaultView="list" initialRect={{ width: 400, height: 640 }}>
        <Picker.Input />
        <Picker.List />
        <Picker.LiveRegion />
      </Picker.Root>,
    )
    const input = screen.getByRole('combobox', { name: 'Search resources' })
    await user.click(input)
    await user.keyboard('file-1')
    await waitFor(() => expect(screen.getAllByRole('option')[0]?.textContent).toContain('file-1'))
    // Settled first: the tree is built in slices after mount, longer on a busy machine; its
    // slices must not count as the keystroke's. Quiet = a 300 ms take in which nothing ran.
    for (let quiet = false, tries = 0; !quiet && tries < 50; tries++) {
      await session.post('Profiler.takePreciseCoverage')
      await act(() => new Promise((resolve) => setTimeout(resolve, 300)))
      const { result } = await session.post('Profiler.takePreciseCoverage')
      quiet = !result.some(
        (script) =>
          script.url.includes('/packages/react/src/') &&
          script.functions.some((f) => f.ranges.some((r) => r.count > 0)),
      )
    }
    await user.keyboard('2')
    await waitFor(() => expect(screen.getAllByRole('option')[0]?.textContent).toContain('file-12'))
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)))
    const { result } = await session.post('Profiler.takePreciseCoverage')
    await session.post('Profiler.stopPreciseCoverage')
    session.disconnect()
    const ran = (pkg: string) =>
      result
        .filter((script) => script.url.includes(`/packages/${pkg}/src/`))
        .filter((script) => !script.url.includes('__tests__'))
        .filter((script) => script.functions.some((f) => f.ranges.some((r) => r.count > 0)))
        .map((script) => script.url.replace(/^.*\/packages\//, '').replace(/\?.*$/, ''))
        .sort()
    const react = ran('react')
    const search = ran('search')
    console.log(`react files: ${react.length}\n  ${react.join('\n  ')}`)
    console.log(`search files: ${search.length}\n  ${search.join('\n  ')}`)
    // 48 once the mount's tree slices are kept out of the take (before, a busy machine
    // counted 5 of them: 53): Alt+Enter, path elision, server state, the down-server mark
    // and the row window (rowWindow.ts + its hook, for react-virtual) since 467301e's 44.
    expect(react.length).toBeLessThanOrEqual(48)
    expect(search.length).toBeLessThanOrEqual(18) // 17, + anyOrderWords
  })
})
