import '@resource-kit/react/theme.css'
import type { Preview } from '@storybook/react-vite'
import { configure } from 'storybook/test'

// Stories talk to an in-process MCP server: on a busy machine an answer can take a few
// seconds, so waitFor/findBy wait longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 8_000 })

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
  },
  decorators: [
    (Story) => (
      <div style={{ fontFamily: 'ui-sans-serif, system-ui, sans-serif', fontSize: 14 }}>
        <Story />
      </div>
    ),
  ],
}

export default preview
