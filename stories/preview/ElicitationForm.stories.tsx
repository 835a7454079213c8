import type { ElicitationAnswer, ElicitationRequest } from '@resource-kit/client'
import { ElicitationForm, ReadPreview } from '@resource-kit/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { StoryWorldProvider } from '../fixtures/storyWorld.tsx'

function Standalone({ request }: { request: ElicitationRequest }) {
  const [answer, setAnswer] = useState<ElicitationAnswer | null>(null)
  return (
    <div style={{ maxWidth: 520 }}>
      <ElicitationForm request={request} onAnswer={setAnswer} onOpenUrl={() => {}} />
      <output aria-label="Answer">{answer ? JSON.stringify(answer) : ''}</output>
    </div>
  )
}

const meta: Meta<typeof Standalone> = {
  title: 'Preview/ElicitationForm',
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import type { ElicitationRequest } from '@resource-kit/client'
import { ElicitationForm } from '@resource-kit/react'

// A server asks the user for input: the form renders its schema and answers.
export function InputRequest({ request }: { request: ElicitationRequest }) {
  return (
    <ElicitationForm
      request={request}
      onAnswer={(answer) => console.log(answer)}
      onOpenUrl={(url) => window.open(url, '_blank', 'noopener')}
    />
  )
}`,
      },
    },
  },
  component: Standalone,
  argTypes: { request: { control: 'object' } },
}
export default meta
type S = StoryObj<typeof Standalone>

/** Every field type a server can ask for. */
export const Form: S = {
  args: {
    request: {
      mode: 'form',
      message: 'Export settings for the quarterly report',
      schema: {},
      fields: [
        { name: 'title', type: 'string', title: 'Title', required: true, minLength: 3 },
        {
          name: 'copies',
          type: 'integer',
          title: 'Copies',
          required: false,
          minimum: 1,
          maximum: 10,
          default: 1,
        },
        { name: 'confirm', type: 'boolean', title: 'I have permission to export', required: true },
        {
          name: 'format',
          type: 'string',
          title: 'Format',
          required: true,
          options: [
            { value: 'pdf', label: 'PDF' },
            { value: 'csv', label: 'CSV' },
          ],
        },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The theme's own font, on the form and on its buttons (the host page here is serif).
    const form = await canvas.findByRole('form')
    await expect(getComputedStyle(form).fontFamily).toMatch(/^ui-sans-serif/)
    const send = canvas.getByRole('button', { name: 'Submit' })
    await expect(getComputedStyle(send).fontFamily).toBe(getComputedStyle(form).fontFamily)
    // Nothing is sent while a required field is empty: the first one gets focus.
    await userEvent.click(send)
    await expect(canvas.getByRole('status', { name: 'Answer' })).toHaveTextContent('')
    await waitFor(() => expect(canvas.getByRole('textbox', { name: /Title/ })).toHaveFocus())
    await userEvent.type(canvas.getByRole('textbox', { name: /Title/ }), 'Q3 numbers')
    await userEvent.click(canvas.getByRole('checkbox', { name: /permission/ }))
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: /Format/ }), 'csv')
    await userEvent.click(canvas.getByRole('button', { name: /accept|submit|send|ok/i }))
    await waitFor(() =>
      expect(canvas.getByRole('status', { name: 'Answer' })).toHaveTextContent('"action":"accept"'),
    )
    await expect(canvas.getByRole('status', { name: 'Answer' })).toHaveTextContent(
      '"title":"Q3 numbers"',
    )
  },
}

/** URL mode: the server asks the user to visit a page. */
export const Url: S = {
  args: {
    request: {
      mode: 'url',
      message: 'Sign in to the ticket tracker',
      url: 'https://tickets.example.com/authorize',
    },
  },
}

function LiveRead() {
  return (
    <StoryWorldProvider servers={[{ id: 'demo', kind: 'demo', options: { count: 2000 } }]}>
      {(world) => (
        <div style={{ maxWidth: 560 }}>
          <ReadPreview serverId="demo" uri="db://prod/users" inputBridge={world.inputBridge} />
        </div>
      )}
    </StoryWorldProvider>
  )
}

/** A real read that needs input: the demo asks to confirm reading a production table. */
export const DuringRead: StoryObj<typeof LiveRead> = {
  render: () => <LiveRead />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const confirm = await canvas.findByRole(
      'checkbox',
      { name: /Read production data/ },
      { timeout: 10_000 },
    )
    await userEvent.click(confirm)
    await userEvent.click(canvas.getByRole('button', { name: /accept|submit|send|ok|continue/i }))
    await waitFor(() => expect(canvasElement.querySelector('.rk-preview')).not.toBeNull(), {
      timeout: 10_000,
    })
    await expect(canvasElement.querySelector('.rk-preview')).toHaveTextContent('users')
  },
}
