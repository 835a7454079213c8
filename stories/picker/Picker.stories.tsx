import {
  Picker,
  type PickerSource,
  type ResourceDescriptor,
  type UseResourceSourcesOptions,
  useResourceSources,
} from '@resource-kit/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { manySource } from '../fixtures/manyResources.ts'
import { SourcesStatus } from '../fixtures/SourcesStatus.tsx'
import { type StoryServer, StoryWorldProvider } from '../fixtures/storyWorld.tsx'

function PickerParts({
  sources,
  view,
}: {
  sources: readonly PickerSource[]
  view?: 'tree' | 'list'
}) {
  const [chosen, setChosen] = useState<ResourceDescriptor[]>([])
  return (
    <div style={{ maxWidth: 560 }}>
      <Picker.Root sources={sources} defaultView={view} onSelect={setChosen} aria-label="Resources">
        <div className="rk-picker-toolbar">
          <Picker.Input />
          <Picker.ViewToggle />
        </div>
        <Picker.List />
        <Picker.Empty />
        <Picker.LiveRegion />
        <Picker.TemplatePanel />
      </Picker.Root>
      <SourcesStatus sources={sources} />
      <output aria-label="Chosen">{chosen.map((c) => `${c.serverId} ${c.uri}`).join('\n')}</output>
    </div>
  )
}

function Connected({
  view,
  sourceOptions,
}: {
  view?: 'tree' | 'list'
  sourceOptions?: UseResourceSourcesOptions
}) {
  const sources = useResourceSources(sourceOptions)
  return <PickerParts sources={sources} view={view} />
}

interface Args {
  servers?: StoryServer[]
  sources?: PickerSource[]
  view?: 'tree' | 'list'
  sourceOptions?: UseResourceSourcesOptions
}

function Story({ servers, sources, view, sourceOptions }: Args) {
  if (sources) return <PickerParts sources={sources} view={view} />
  return (
    <StoryWorldProvider servers={servers ?? []}>
      {() => <Connected view={view} sourceOptions={sourceOptions} />}
    </StoryWorldProvider>
  )
}

const meta: Meta<typeof Story> = {
  title: 'Picker/Picker',
  component: Story,
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { createResourceClient } from '@resource-kit/client'
import { Picker, ResourceKitProvider, useResourceSources } from '@resource-kit/react'
import '@resource-kit/react/theme.css'

const client = createResourceClient()
client.addServer('demo', { url: 'http://localhost:3333/mcp' })

function Resources() {
  const sources = useResourceSources()
  return (
    <Picker.Root sources={sources} onSelect={(picked) => console.log(picked)}>
      <Picker.Toolbar>
        <Picker.Input />
        <Picker.ViewToggle />
      </Picker.Toolbar>
      <Picker.List />
      <Picker.Empty />
      <Picker.LiveRegion />
      <Picker.TemplatePanel />
    </Picker.Root>
  )
}

export function App() {
  return (
    <ResourceKitProvider client={client}>
      <Resources />
    </ResourceKitProvider>
  )
}`,
      },
    },
  },
  argTypes: {
    view: { control: 'inline-radio', options: ['tree', 'list'] },
    servers: { control: 'object' },
    sources: { control: 'object' },
  },
}
export default meta
type S = StoryObj<typeof Story>

const demo: StoryServer = { id: 'demo', kind: 'demo', options: { count: 2000, pageSize: 500 } }

async function ready(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  await waitFor(() => expect(canvas.getByTestId('sources-status')).toHaveAttribute('data-ready'), {
    timeout: 15_000,
  })
  return canvas
}

/** The demo server as a tree: servers, folders, resources and templates. */
export const Tree: S = {
  args: { servers: [demo], view: 'tree' },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement)
    const tree = canvas.getByRole('tree')
    await waitFor(() => expect(within(tree).getAllByRole('treeitem').length).toBeGreaterThan(1))
  },
}

/** The flat list, searched: fuzzy matches with highlighted ranges, chosen by keyboard. */
export const ListSearch: S = {
  args: { servers: [demo], view: 'list' },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement)
    await userEvent.click(canvas.getByRole('combobox', { name: 'Search resources' }))
    await userEvent.keyboard('readme')
    const listbox = canvas.getByRole('listbox')
    const input = canvas.getByRole('combobox', { name: 'Search resources' })
    // Enter chooses the highlighted row: wait until the best match is both shown and highlighted.
    await waitFor(() => {
      const first = within(listbox).getAllByRole('option')[0]
      expect(first).toHaveTextContent(/^Readme/)
      expect(input).toHaveAttribute('aria-activedescendant', first?.id)
    })
    await userEvent.keyboard('{Enter}')
    await waitFor(() =>
      expect(canvas.getByRole('status', { name: 'Chosen' })).toHaveTextContent(
        'demo file:///workspace/live/README.md',
      ),
    )
  },
}

/** Servers still connecting or listing: a loading row per server. */
export const Loading: S = {
  args: { servers: [{ id: 'slow', kind: 'hanging' }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const row = await canvas.findByRole('treeitem', { name: /^Connecting to slow/ })
    await expect(row).toHaveAttribute('data-status', 'connecting')
  },
}

/** One server down, one answering 500, the demo fine: errors stay per server, with Retry. */
export const PerServerErrors: S = {
  args: {
    servers: [demo, { id: 'offline', kind: 'unreachable' }, { id: 'broken', kind: 'broken' }],
    view: 'tree',
  },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement)
    // Each failed server has its own status row (activating it retries); the demo is listed.
    await waitFor(() =>
      expect(
        canvas
          .getAllByRole('treeitem', { name: /^Failed to load/ })
          .map((r) => r.getAttribute('data-status')),
      ).toEqual(['error', 'error']),
    )
    await expect(canvas.getAllByText('Retry')).toHaveLength(2)
    await expect(canvas.getByTestId('sources-status')).toHaveTextContent('demo: ready')
  },
}

/** A server with nothing to offer, and a search with no results. */
export const Empty: S = {
  args: {
    sources: [{ serverId: 'empty', serverName: 'Empty server', status: 'empty', resources: [] }],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('combobox', { name: 'Search resources' }))
    await userEvent.keyboard('nothing-matches-this')
    await waitFor(() => expect(canvas.getByText(/No results for/)).toBeVisible())
  },
}

/** The walk stops after a batch: "more available" loads the next one. */
export const IncompletePaging: S = {
  args: {
    servers: [{ id: 'demo', kind: 'demo', options: { count: 2000, pageSize: 100 } }],
    view: 'list',
    sourceOptions: { batchSize: 300 },
  },
  play: async ({ canvasElement }) => {
    const canvas = await ready(canvasElement)
    await waitFor(
      () => expect(canvas.getByTestId('sources-status')).toHaveTextContent('300 resources loaded'),
      { timeout: 10_000 },
    )
    // The load-more row closes the list: scroll the virtual list to its end to render it.
    const listbox = canvas.getByRole('listbox')
    listbox.scrollTop = listbox.scrollHeight
    const more = await canvas.findByRole('option', { name: /300 loaded — more available/ })
    await userEvent.click(more)
    await waitFor(
      () => expect(canvas.getByTestId('sources-status')).toHaveTextContent('600 resources loaded'),
      { timeout: 10_000 },
    )
  },
}

/** 100,000 resources: rows are virtualized, search stays instant. */
export const HundredThousand: S = {
  args: { sources: [manySource(100_000)], view: 'list' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const listbox = canvas.getByRole('listbox')
    await expect(within(listbox).getAllByRole('option').length).toBeLessThan(200)
    await userEvent.click(canvas.getByRole('combobox', { name: 'Search resources' }))
    const wanted = manySource(100_000).resources[54_321]!.name
    await userEvent.keyboard(wanted)
    await waitFor(() => expect(within(listbox).getAllByRole('option')[0]).toHaveTextContent(wanted))
  },
}
