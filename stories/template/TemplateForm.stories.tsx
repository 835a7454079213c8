import type { ReadResult } from '@resource-kit/client'
import { ResourcePreview, TemplateForm } from '@resource-kit/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { StoryWorldProvider } from '../fixtures/storyWorld.tsx'

function Form({ uriTemplate, title }: { uriTemplate: string; title: string }) {
  const [read, setRead] = useState<ReadResult | null>(null)
  return (
    <div style={{ maxWidth: 520 }}>
      <TemplateForm
        serverId="demo"
        uriTemplate={uriTemplate}
        title={title}
        debounceMs={50}
        onSubmit={(_d, r) => setRead(r)}
      />
      {read && <ResourcePreview contents={read.contents} />}
    </div>
  )
}

function Story(props: { uriTemplate: string; title: string }) {
  return (
    <StoryWorldProvider servers={[{ id: 'demo', kind: 'demo', options: { count: 2000 } }]}>
      {() => <Form {...props} />}
    </StoryWorldProvider>
  )
}

const meta: Meta<typeof Story> = {
  title: 'Template/TemplateForm',
  component: Story,
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import type { ReadResult } from '@resource-kit/client'
import { ResourcePreview, TemplateForm } from '@resource-kit/react'
import { useState } from 'react'

// Inside <ResourceKitProvider client={client}>: each variable completed by the server.
export function TicketForm() {
  const [read, setRead] = useState<ReadResult | null>(null)
  return (
    <>
      <TemplateForm
        serverId="demo"
        uriTemplate="ticket://{project}/{id}"
        title="Ticket"
        onSubmit={(_descriptor, result) => setRead(result)}
      />
      {read && <ResourcePreview contents={read.contents} />}
    </>
  )
}`,
      },
    },
  },
}
export default meta
type S = StoryObj<typeof Story>

/** `ticket://{project}/{id}`: the project is completed, then the id within it. */
export const TicketWithCompletion: S = {
  args: { uriTemplate: 'ticket://{project}/{id}', title: 'Ticket' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const project = await canvas.findByRole('combobox', { name: /project/ })
    await userEvent.click(project)
    await userEvent.keyboard('ap')
    const suggestions = await canvas.findByRole('listbox', { name: 'Suggestions for project' })
    await waitFor(() =>
      expect(within(suggestions).getAllByRole('option')[0]).toHaveTextContent('api'),
    )
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(project).toHaveValue('api'))
    await userEvent.click(canvas.getByRole('combobox', { name: /id/ }))
    await userEvent.keyboard('1')
    const ids = await canvas.findByRole('listbox', { name: 'Suggestions for id' })
    await waitFor(() => expect(within(ids).getAllByRole('option').length).toBeGreaterThan(0))
    await userEvent.keyboard('{Enter}')
    await waitFor(() =>
      expect(canvas.getByRole('status', { name: 'Resulting URI' })).toHaveTextContent(
        /^ticket:\/\/api\/1/,
      ),
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Open' }))
    await waitFor(() => expect(canvasElement.querySelector('.rk-preview')).not.toBeNull())
  },
}

/** `db://{schema}/{table}`: table completion uses the chosen schema as context. */
export const DatabaseTable: S = {
  args: { uriTemplate: 'db://{schema}/{table}', title: 'Database table' },
}
