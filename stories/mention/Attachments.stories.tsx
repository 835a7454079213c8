import {
  MentionComposer,
  type MentionRef,
  mentionsOf,
  parseMentions,
  useMentionAttachments,
  useResourceSources,
} from '@resource-kit/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo, useState } from 'react'
import { expect, waitFor, within } from 'storybook/test'
import { type StoryServer, StoryWorldProvider } from '../fixtures/storyWorld.tsx'

const demo: StoryServer = { id: 'demo', kind: 'demo', options: { count: 500, pageSize: 500 } }

const DRAFT =
  'Compare @[README.md](mcp://demo/file:///workspace/live/README.md) with @[users (prod)](mcp://demo/db://prod/users) '

/** The composer and the attachment chips under it: one per mentioned resource, with its change mark. */
function ComposerWithChips({ defaultValue = DRAFT }: { defaultValue?: string }) {
  const sources = useResourceSources()
  const [mentions, setMentions] = useState<MentionRef[]>(() =>
    mentionsOf(parseMentions(defaultValue)),
  )
  const { attachments } = useMentionAttachments(mentions)
  const servers = useMemo(() => new Map(sources.map((s) => [s.serverId, s.serverName])), [sources])
  return (
    <div style={{ maxWidth: 560 }}>
      <MentionComposer
        sources={sources}
        defaultValue={defaultValue}
        onValueChange={(_value, segments) => setMentions(mentionsOf(segments))}
      />
      <ul
        aria-label="Attachments"
        style={{ display: 'flex', gap: 8, padding: 0, listStyle: 'none' }}
      >
        {attachments.map((a) => (
          <li
            key={a.key}
            data-updated={a.updated || undefined}
            data-removed={a.removed || undefined}
            style={{ border: '1px solid currentColor', borderRadius: 12, padding: '2px 8px' }}
          >
            {a.label} · {servers.get(a.serverId) ?? a.serverId}
            {a.updated && ' · updated'}
            {a.removed && ' · removed'}
          </li>
        ))}
      </ul>
    </div>
  )
}

function Story(props: { defaultValue?: string }) {
  return (
    <StoryWorldProvider servers={[demo]}>
      {() => <ComposerWithChips {...props} />}
    </StoryWorldProvider>
  )
}

const meta: Meta<typeof Story> = {
  title: 'Mention/Attachments',
  component: Story,
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import {
  MentionComposer,
  mentionsOf,
  useMentionAttachments,
  useResourceSources,
} from '@resource-kit/react'
import { useState } from 'react'

export function ComposerWithChips() {
  const sources = useResourceSources()
  const [mentions, setMentions] = useState([])
  // One attachment per mentioned resource, followed on its server: updated / removed marks.
  const { attachments } = useMentionAttachments(mentions)
  return (
    <>
      <MentionComposer
        sources={sources}
        onValueChange={(_value, segments) => setMentions(mentionsOf(segments))}
      />
      <ul aria-label="Attachments">
        {attachments.map((a) => (
          <li key={a.key} data-updated={a.updated || undefined}>
            {a.label} {a.removed && '(removed)'}
          </li>
        ))}
      </ul>
    </>
  )
}`,
      },
    },
  },
}
export default meta
type S = StoryObj<typeof Story>

/** A restored draft with two mentions: two chips, each naming its server. */
export const Chips: S = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const list = await canvas.findByRole('list', { name: 'Attachments' })
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        expect.stringMatching(/^README\.md · /),
        expect.stringMatching(/^users \(prod\) · /),
      ]),
    )
  },
}
