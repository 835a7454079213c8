import '@resource-kit/react/theme.css'
import type { Preview } from '@storybook/react-vite'

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
