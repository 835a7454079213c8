import '@resource-kit/react/theme.css'
import type { Preview } from '@storybook/react-vite'
import { configure } from 'storybook/test'

// Stories talk to an in-process MCP server: on a busy machine an answer can take a few
// seconds, so waitFor/findBy wait longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 8_000 })

const preview: Preview = {
  // A Docs page for every part, with its stories and a controls table of its props.
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
  },
  decorators: [
    (Story) => (
      // A host page with another font: the parts keep the theme's own stack.
      <div style={{ fontFamily: 'serif', fontSize: 14 }}>
        <Story />
      </div>
    ),
  ],
}

export default preview
