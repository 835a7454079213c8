import { ReadPreview, useResourceSources } from '@resource-kit/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { StoryWorldProvider } from '../fixtures/storyWorld.tsx'

/** Previews the first demo resource with this MIME type (or this exact URI). */
function FirstOfKind({
  mimeType,
  uri,
  maxBytes,
}: {
  mimeType?: string
  uri?: string
  maxBytes?: number
}) {
  const sources = useResourceSources()
  const demo = sources.find((s) => s.serverId === 'demo')
  const target = uri ?? demo?.resources.find((r) => r.mimeType === mimeType)?.uri
  if (!target) return <p>Loading the demo listing…</p>
  return (
    <div style={{ maxWidth: 640 }} data-testid="preview" data-uri={target}>
      <ReadPreview serverId="demo" uri={target} maxBytes={maxBytes} />
    </div>
  )
}

interface Args {
  mimeType?: string
  uri?: string
  maxBytes?: number
  /** Text the preview must show once read. */
  expectText?: RegExp
}

function Story(args: Args) {
  return (
    <StoryWorldProvider
      servers={[{ id: 'demo', kind: 'demo', options: { count: 2000, pageSize: 1000 } }]}
    >
      {() => <FirstOfKind {...args} />}
    </StoryWorldProvider>
  )
}

const meta: Meta<typeof Story> = {
  title: 'Preview/ReadPreview',
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { ReadPreview } from '@resource-kit/react'

// Inside <ResourceKitProvider client={client}>: reads the resource and shows it
// (text, Markdown, JSON, images), with a size limit.
export function Preview({ uri }: { uri: string }) {
  return <ReadPreview serverId="demo" uri={uri} maxBytes={1_000_000} />
}`,
      },
    },
  },
  component: Story,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const box = await canvas.findByTestId('preview', {}, { timeout: 15_000 })
    await waitFor(() => expect(box).toHaveTextContent(args.expectText ?? /\S/), { timeout: 10_000 })
  },
}
export default meta
type S = StoryObj<typeof Story>

export const Markdown: S = { args: { mimeType: 'text/markdown', expectText: /tokens/ } }
export const TypeScript: S = { args: { mimeType: 'text/typescript', expectText: /tokens/ } }
export const Json: S = { args: { mimeType: 'application/json', expectText: /tokens/ } }
export const Csv: S = { args: { mimeType: 'text/csv', expectText: /tokens/ } }
export const Yaml: S = { args: { mimeType: 'application/yaml', expectText: /tokens/ } }
export const Image: S = { args: { mimeType: 'image/png', expectText: /\d+ × \d+ px/ } }
export const Pdf: S = { args: { mimeType: 'application/pdf', expectText: /Open PDF/ } }
export const Directory: S = { args: { uri: 'file:///workspace/live/', expectText: /README/ } }
export const LiveLog: S = { args: { uri: 'log://app/tail', expectText: /tokens/ } }
export const NotFound: S = {
  args: { uri: 'file:///workspace/no/such/file.md', expectText: /not found/i },
}
export const TooLarge: S = {
  args: { mimeType: 'text/tsx', maxBytes: 64, expectText: /large|limit|bytes/i },
}
