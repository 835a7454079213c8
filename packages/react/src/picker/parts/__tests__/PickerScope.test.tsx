// The side search takes the composer's `server:` scope (one parser: shared/queryScope.ts).
import type { Resource } from '@resource-kit/client'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PickerSource } from '../../../shared/sourceTypes.ts'
import { Picker } from '../Picker.ts'

const readmes = (folder: string, count: number): Resource[] =>
  Array.from({ length: count }, (_, i) => ({
    uri: `file:///${folder}/${i}/README.md`,
    name: 'README.md',
  }))

const sources: PickerSource[] = [
  { serverId: 'big', serverName: 'Big Box', status: 'ready', resources: readmes('big', 80) },
  { serverId: 'docs', serverName: 'Docs', status: 'ready', resources: readmes('docs', 1) },
]

describe('server: scope in the side search', () => {
  const inline = document.createElement('style')
  inline.textContent = 'span, mark, time, code { display: inline }'
  beforeAll(() => document.head.append(inline))
  afterAll(() => inline.remove())

  it('searches one server for `docs:readme`, chosen by keyboard', { timeout: 30_000 }, async () => {
    const onSelect = vi.fn()
    const user = userEvent.setup()
    render(
      <StrictMode>
        <Picker.Root
          initialRect={{ width: 400, height: 640 }}
          sources={sources}
          searchLimit={20}
          onSelect={onSelect}
        >
          <Picker.Input />
          <Picker.List />
        </Picker.Root>
      </StrictMode>,
    )
    const input = screen.getByRole('combobox', { name: 'Search resources' })
    // Unscoped, the big server's 80 matches fill the 20 hits: the docs one is not among them.
    await user.type(input, 'readme')
    await waitFor(() =>
      expect(screen.getAllByRole('treeitem', { name: /README\.md/ }).length).toBe(20),
    )
    expect(screen.queryByRole('treeitem', { name: /file:\/\/\/docs\// })).toBeNull()

    await user.clear(input)
    await user.type(input, 'docs:readme')
    await waitFor(() =>
      expect(
        screen.getAllByRole('treeitem', { name: /README\.md/ }).map((r) => r.textContent),
      ).toEqual([expect.stringContaining('file:///docs/0/README.md')]),
    )
    expect(screen.queryByRole('treeitem', { name: /^Big Box/ })).toBeNull()
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(onSelect).toHaveBeenLastCalledWith([
      expect.objectContaining({ serverId: 'docs', uri: 'file:///docs/0/README.md' }),
    ])

    // A display name works too, typed with a dash for the space.
    await user.clear(input)
    await user.type(input, 'big-box:readme')
    await waitFor(() =>
      expect(screen.queryByRole('treeitem', { name: /file:\/\/\/docs\// })).toBeNull(),
    )
    expect(screen.getAllByRole('treeitem', { name: /file:\/\/\/big\// }).length).toBe(20)
  })
})
