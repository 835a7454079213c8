import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { MentionComposer } from '../../packages/react/src/mention/MentionComposer.tsx'
import type { PickerSource } from '../../packages/react/src/picker/pickerSource.ts'
import { ResourceKitProvider } from '../../packages/react/src/queries/ResourceKitProvider.tsx'
import '../../packages/react/src/mention/mention.css'
import { interimClient } from '../fixtures/interimClient.tsx'

const sources: PickerSource[] = [
  {
    serverId: 'demo',
    serverName: 'Demo workspace',
    status: 'ready',
    resources: [
      { uri: 'file:///project/README.md', name: 'README.md', mimeType: 'text/markdown' },
      { uri: 'file:///project/src/main.ts', name: 'main.ts', mimeType: 'text/typescript' },
      { uri: 'log://app/tail', name: 'tail', title: 'App log (tail)', mimeType: 'text/plain' },
    ],
    templates: [{ uriTemplate: 'file:///project/{path}', name: 'file', title: 'Project file' }],
  },
]

function Demo() {
  const [client] = useState(() =>
    interimClient((_name, value) =>
      ['src/main.ts', 'src/util.ts', 'README.md'].filter((v) => v.startsWith(value)),
    ),
  )
  const [sent, setSent] = useState<string[]>([])
  return (
    <ResourceKitProvider client={client}>
      <div style={{ maxWidth: 640, marginTop: 320 }}>
        <MentionComposer
          sources={sources}
          onSubmit={(_segments, value) => setSent((s) => [...s, value])}
        />
        <ol aria-label="Sent">
          {sent.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </div>
    </ResourceKitProvider>
  )
}

const meta: Meta<typeof Demo> = { title: 'Mention/Composer', component: Demo }
export default meta

export const PickResource: StoryObj<typeof Demo> = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole('textbox', { name: 'Message' })
    await userEvent.click(input)
    await userEvent.keyboard('see @rea')
    const combobox = await canvas.findByRole('combobox', { name: 'Message' })
    const listbox = within(document.body).getByRole('listbox')
    await expect(within(listbox).getAllByRole('option')).toHaveLength(1)
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(combobox).toHaveAttribute('role', 'textbox'))
    await expect(input.querySelector('[data-rk-mention]')).toHaveTextContent('@README.md')
    await userEvent.keyboard('now{Enter}')
    await expect(canvas.getByRole('list', { name: 'Sent' })).toHaveTextContent(
      'see @[README.md](mcp://demo/file:///project/README.md) now',
    )
  },
}

export const CompleteTemplate: StoryObj<typeof Demo> = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole('textbox', { name: 'Message' })
    await userEvent.click(input)
    await userEvent.keyboard('@proj')
    await canvas.findByRole('combobox')
    await userEvent.keyboard('{Enter}')
    await waitFor(() =>
      expect(input.querySelector('[data-rk-mention-draft]')).toHaveTextContent(
        '@Project file › path:',
      ),
    )
    await userEvent.keyboard('src/m')
    const listbox = within(document.body).getByRole('listbox', { name: 'Values for path' })
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toContain('›src/main.ts'),
    )
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await waitFor(() =>
      expect(input.querySelector('[data-rk-mention]')).toHaveTextContent(
        '@Project file: src/main.ts',
      ),
    )
  },
}
