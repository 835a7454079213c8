import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { formatMentionToken } from '../../packages/react/src/mention/mentionToken.ts'

function Token() {
  return <code>{formatMentionToken({ serverId: 'demo', uri: 'file:///a', label: 'a' })}</code>
}

const meta: Meta<typeof Token> = { title: 'Smoke', component: Token }
export default meta

export const Default: StoryObj<typeof Token> = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvasElement)
    await expect(canvas.getByText('@[a](mcp://demo/file:///a)')).toBeInTheDocument()
  },
}
