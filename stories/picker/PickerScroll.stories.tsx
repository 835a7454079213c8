// The tree keeps the person's place: rows do not jump while pages stream in, and expanding
// a folder brings its children into view. Run in real Chromium (real layout and scrolling).
import type { Resource } from '@resource-kit/client'
import { Picker, type PickerSource } from '@resource-kit/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'

/** One resource in each of `count` groups (`scheme://h00/…`): one top-level folder each. */
function groups(scheme: string, from: number, count: number, files = 1): Resource[] {
  const out: Resource[] = []
  for (let g = from; g < from + count; g++) {
    for (let f = 0; f < files; f++) {
      const host = `h${String(g).padStart(2, '0')}`
      out.push({ uri: `${scheme}://${host}/file-${f}.txt`, name: `file-${f}.txt` })
    }
  }
  return out
}

function source(serverId: string, resources: Resource[], more = false): PickerSource {
  return { serverId, status: 'ready', resources, hasMore: more }
}

interface Args {
  /** Height of the scrolling list, in px. */
  listHeight: number
}

/** Two servers; "Next page" streams 30 more folders into the first one. */
function Streaming({ listHeight }: Args) {
  const [pages, setPages] = useState(1)
  const sources = [
    source('alpha', groups('a', 0, 30 * pages), pages < 3),
    source('beta', groups('b', 0, 60)),
  ]
  return (
    <div style={{ maxWidth: 480 }}>
      <button type="button" onClick={() => setPages((n) => n + 1)}>
        Next page
      </button>
      <Picker.Root sources={sources} aria-label="Resources">
        <Picker.Input />
        <Picker.List style={{ height: listHeight, maxHeight: listHeight }} />
        <Picker.LiveRegion />
      </Picker.Root>
    </div>
  )
}

/** One server whose folder `g://h08` (near the bottom of the list) holds 40 files. */
function Expanding({ listHeight }: Args) {
  const resources = [...groups('g', 0, 8), ...groups('g', 8, 1, 40), ...groups('g', 9, 20)]
  return (
    <div style={{ maxWidth: 480 }}>
      <Picker.Root sources={[source('files', resources)]} aria-label="Resources">
        <Picker.Input />
        <Picker.List style={{ height: listHeight, maxHeight: listHeight }} />
      </Picker.Root>
    </div>
  )
}

const meta: Meta<Args> = {
  title: 'Picker/Scrolling',
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { Picker, type PickerSource } from '@resource-kit/react'

// Sources as plain data (or from useResourceSources()): the list scrolls inside its height.
export function ScrollingPicker({ sources }: { sources: PickerSource[] }) {
  return (
    <Picker.Root sources={sources} aria-label="Resources">
      <Picker.Input />
      <Picker.List style={{ height: 320 }} />
      <Picker.LiveRegion />
    </Picker.Root>
  )
}`,
      },
    },
  },
  args: { listHeight: 320 },
  argTypes: { listHeight: { control: { type: 'range', min: 160, max: 640, step: 32 } } },
}
export default meta

const rowTop = (list: HTMLElement, label: RegExp) => {
  const row = within(list).getByRole('treeitem', { name: label })
  return row.getBoundingClientRect().top - list.getBoundingClientRect().top
}

/** Scrolled to the second server, the rows stay put while the first one gets more pages. */
export const StreamingKeepsPlace: StoryObj<Args> = {
  render: (args) => <Streaming {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const list = canvas.getByRole('tree')
    const target = /^b:\/\/h20(\s|$)/
    // Row 1 + 30 alpha folders + beta's row: b://h20 is row 52.
    list.scrollTop = 50 * 32
    const before = await waitFor(() => rowTop(list, target), { timeout: 8_000 })
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(list.scrollTop).toBeGreaterThan(50 * 32 + 29 * 32), {
      timeout: 8_000,
    })
    await waitFor(() => expect(Math.abs(rowTop(list, target) - before)).toBeLessThan(2), {
      timeout: 8_000,
    })
  },
}

/** Expanding a folder near the bottom scrolls its files into view, the folder on top. */
export const ExpandRevealsChildren: StoryObj<Args> = {
  render: (args) => <Expanding {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const list = canvas.getByRole('tree')
    const folder = await canvas.findByRole('treeitem', { name: /^g:\/\/h08(\s|$)/ })
    await userEvent.click(folder)
    await waitFor(() => expect(folder).toHaveAttribute('aria-expanded', 'true'))
    await waitFor(
      () => {
        const first = within(list).getByRole('treeitem', { name: /^file-0\.txt/ })
        const box = list.getBoundingClientRect()
        expect(first.getBoundingClientRect().bottom).toBeLessThanOrEqual(box.bottom + 1)
        expect(Math.abs(rowTop(list, /^g:\/\/h08(\s|$)/))).toBeLessThan(2)
      },
      { timeout: 8_000 },
    )
  },
}
