import {
  MentionComposer,
  type MentionComposerProps,
  type PickerSource,
  useResourceSources,
} from '@resource-kit/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo, useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { manySource } from '../fixtures/manyResources.ts'
import { SourcesStatus } from '../fixtures/SourcesStatus.tsx'
import { type StoryServer, StoryWorldProvider } from '../fixtures/storyWorld.tsx'

/** The demo server, small enough to load at once. */
const demo: StoryServer = { id: 'demo', kind: 'demo', options: { count: 2000, pageSize: 500 } }

/** `down`: that server is shown as offline once listed (its rows last known), as the client would. */
type ComposerProps = Partial<MentionComposerProps> & { down?: string }

function Composer({ down, ...props }: ComposerProps) {
  const listed = useResourceSources()
  const sources = useMemo(
    () =>
      down === undefined
        ? listed
        : listed.map(
            (s): PickerSource =>
              s.serverId === down && s.status === 'ready'
                ? { ...s, status: 'offline', error: new TypeError('Failed to fetch') }
                : s,
          ),
    [listed, down],
  )
  const [sent, setSent] = useState<string[]>([])
  return (
    <div style={{ maxWidth: 640, margin: '360px auto 0' }}>
      <MentionComposer
        sources={sources}
        onSubmit={(_segments, value) => setSent((s) => [...s, value])}
        {...props}
      />
      <SourcesStatus sources={sources} />
      <ol aria-label="Sent">
        {sent.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
    </div>
  )
}

function Story({ servers = [demo], ...props }: { servers?: StoryServer[] } & ComposerProps) {
  return <StoryWorldProvider servers={servers}>{() => <Composer {...props} />}</StoryWorldProvider>
}

const meta: Meta<typeof Story> = {
  title: 'Mention/Composer',
  component: Story,
  parameters: {
    layout: 'fullscreen',
    docs: {
      source: {
        language: 'tsx',
        code: `import { MentionComposer, useResourceSources } from '@resource-kit/react'

// Inside <ResourceKitProvider client={client}>.
export function Composer({ send }: { send: (message: string) => void }) {
  const sources = useResourceSources()
  return (
    <MentionComposer
      sources={sources}
      placeholder="Message… type @ to mention a resource"
      // value: the plain-text form, mentions as @[label](mcp://server/uri)
      onSubmit={(_segments, value) => send(value)}
    />
  )
}`,
      },
    },
  },
}
export default meta
type S = StoryObj<typeof Story>

async function ready(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  await waitFor(() => expect(canvas.getByTestId('sources-status')).toHaveAttribute('data-ready'), {
    timeout: 15_000,
  })
  const input = canvas.getByRole('textbox', { name: 'Message' })
  await userEvent.click(input)
  return { canvas, input, body: within(canvasElement.ownerDocument.body) }
}

/** Type `@`, filter, choose with Enter: a chip that serializes to a mention token. */
export const PickResource: S = {
  play: async ({ canvasElement }) => {
    const { canvas, input, body } = await ready(canvasElement)
    await expect(input).not.toHaveAttribute('aria-expanded')
    await userEvent.keyboard('see @readme')
    const combobox = await canvas.findByRole('combobox', { name: 'Message' })
    await expect(combobox).toHaveAttribute('aria-expanded', 'true')
    const listbox = body.getByRole('listbox', { name: 'Resources' })
    // The matches may land a moment after the popup opens on a busy machine.
    await waitFor(() => {
      const first = within(listbox).getAllByRole('option')[0]
      expect(first).toHaveTextContent('Readme')
      expect(first).toHaveAttribute('aria-selected', 'true')
      expect(combobox).toHaveAttribute('aria-activedescendant', first?.id)
    })
    const status = canvasElement.querySelector('.rk-composer [role="status"]')!
    await waitFor(() => expect(status.textContent).toMatch(/results?\. First: Readme, resource/))
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(input).toHaveAttribute('role', 'textbox'))
    await expect(input.querySelector('[data-rk-mention]')).toHaveTextContent('@Readme')
    await userEvent.keyboard('now{Enter}')
    await waitFor(() =>
      expect(canvas.getByRole('list', { name: 'Sent' })).toHaveTextContent(
        'see @[Readme](mcp://demo/file:///workspace/live/README.md) now',
      ),
    )
  },
}

/** A template continues inside the mention: each variable is completed in turn. */
export const CompleteTemplate: S = {
  play: async ({ canvasElement }) => {
    const { canvas, input, body } = await ready(canvasElement)
    await userEvent.keyboard('@database')
    const listbox = await body.findByRole('listbox', { name: 'Resources' })
    await expect(within(listbox).getAllByRole('option')[0]).toHaveTextContent('Database table')
    await userEvent.keyboard('{Enter}')
    const draft = () => input.querySelector('[data-rk-mention-draft]')
    await waitFor(() => expect(draft()).toHaveTextContent('@Database table › schema:'))
    await userEvent.keyboard('pro')
    const values = await body.findByRole('listbox', { name: 'Values for schema' })
    await waitFor(() => expect(within(values).getAllByRole('option')[0]).toHaveTextContent('prod'))
    await userEvent.keyboard('{Enter}')
    await waitFor(() =>
      expect(draft()).toHaveTextContent('@Database table › schema: prod › table:'),
    )
    const tables = await body.findByRole('listbox', { name: 'Values for table' })
    // The tables of `prod` are offered (the popup renders only the rows in view).
    await waitFor(() =>
      expect(
        Number(within(tables).getAllByRole('option')[0]?.getAttribute('aria-setsize')),
      ).toBeGreaterThan(1),
    )
    await userEvent.keyboard('use')
    await waitFor(() => expect(within(tables).getAllByRole('option')[0]).toHaveTextContent('users'))
    await userEvent.keyboard('{Enter}')
    await waitFor(() =>
      expect(input.querySelector('[data-rk-mention]')).toHaveTextContent(
        '@Database table: prod / users',
      ),
    )
    await expect(draft()).toBeNull()
    await userEvent.keyboard('{Enter}')
    await expect(canvas.getByRole('list', { name: 'Sent' })).toHaveTextContent(
      '@[Database table: prod / users](mcp://demo/db://prod/users)',
    )
  },
}

/** Arrows move the active option, Escape closes (the role goes back to textbox), typing reopens. */
export const KeyboardOnly: S = {
  play: async ({ canvasElement }) => {
    const { input, body } = await ready(canvasElement)
    await userEvent.keyboard('@tic')
    const listbox = await body.findByRole('listbox')
    const options = () => within(listbox).getAllByRole('option')
    await expect(options()[0]).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    await expect(options()[2]).toHaveAttribute('aria-selected', 'true')
    await expect(input).toHaveAttribute('aria-activedescendant', options()[2]!.id)
    await userEvent.keyboard('{ArrowUp}')
    await expect(options()[1]).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(input).toHaveAttribute('role', 'textbox'))
    await expect(body.queryByRole('listbox')).toBeNull()
    await userEvent.keyboard('k')
    await expect(await body.findByRole('listbox')).toBeVisible()
    await expect(input).toHaveAttribute('role', 'combobox')
  },
}

/** `@server:` searches one server; the live region announces the count and the first row. */
export const ScopedToServer: S = {
  args: {
    servers: [
      demo,
      {
        id: 'docs',
        kind: 'demo',
        options: {
          count: 300,
          pageSize: 300,
          seed: 'docs',
          serverInfo: { name: 'docs-server', version: '1' },
        },
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const { input, body } = await ready(canvasElement)
    await userEvent.keyboard('@docs:')
    const listbox = await body.findByRole('listbox')
    const servers = within(listbox)
      .getAllByRole('option')
      .map((o) => o.querySelector('.rk-mention-option-server')?.textContent ?? '')
    await expect(servers.length).toBeGreaterThan(0)
    for (const s of servers) await expect(s).toMatch(/docs-server$/)
    const status = canvasElement.querySelector('.rk-composer [role="status"]')!
    await waitFor(() =>
      expect(status.textContent).toMatch(/^[\d,]+ results on docs-server\. First: .+/),
    )
    await expect(input).toHaveAttribute('role', 'combobox')
  },
}

/** The last `@` typed in `input`: its box on screen. */
function lastAtRect(input: HTMLElement): DOMRect {
  const walker = input.ownerDocument.createTreeWalker(input, NodeFilter.SHOW_TEXT)
  let found: { node: Text; at: number } | null = null
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = (node as Text).data.lastIndexOf('@')
    if (at >= 0) found = { node: node as Text, at }
  }
  if (!found) throw new Error('no @ in the composer')
  const range = input.ownerDocument.createRange()
  range.setStart(found.node, found.at)
  range.setEnd(found.node, found.at + 1)
  return range.getBoundingClientRect()
}

/** The popup sits at the `@` while the query is typed, also once the query wraps to the next line. */
export const FollowsTheAt: S = {
  play: async ({ canvasElement }) => {
    const { input, body } = await ready(canvasElement)
    const caret = () => input.ownerDocument.getSelection()?.getRangeAt(0).getClientRects()[0]
    // Words up to a little before the end of the first line: the query will not fit there.
    const end = input.getBoundingClientRect().right - 48
    while ((caret()?.right ?? 0) < end) await userEvent.keyboard('word ')
    const firstLine = caret()?.top ?? 0
    await userEvent.keyboard('@')
    const popup = await body.findByRole('region', { name: 'Mention suggestions' })
    for (const char of 'readmes') {
      await userEvent.keyboard(char)
      await waitFor(() => {
        const at = lastAtRect(input)
        const box = popup.getBoundingClientRect()
        // Above the `@` (6 px apart), or below it when there is no room above; never right of it.
        const gap = box.bottom <= at.top + 1 ? at.top - box.bottom : box.top - at.bottom
        expect(gap).toBeGreaterThan(4)
        expect(gap).toBeLessThan(8)
        expect(box.left).toBeLessThanOrEqual(at.left + 1)
      })
    }
    const at = lastAtRect(input)
    // The query did wrap: the `@` starts the second line, and the popup starts with it.
    await expect(at.top).toBeGreaterThan(firstLine + at.height / 2)
    await expect(Math.abs(popup.getBoundingClientRect().left - at.left)).toBeLessThan(2)
  },
}

/** A server that cannot be reached: its error shows under the results, the others work. */
export const ServerErrors: S = {
  args: { servers: [demo, { id: 'offline', kind: 'unreachable' }] },
  play: async ({ canvasElement }) => {
    const { body } = await ready(canvasElement)
    await userEvent.keyboard('@readme')
    const status = await body.findByRole('list', { name: 'Servers not listed' })
    await expect(status).toHaveTextContent(/Failed to load offline/)
    await expect(within(status).getByRole('button', { name: 'Retry' })).toBeVisible()
    const listbox = body.getByRole('listbox', { name: 'Resources' })
    // On a busy machine the matches can land after the status: wait for them too.
    await waitFor(() =>
      expect(within(listbox).getAllByRole('option')[0]).toHaveTextContent('Readme'),
    )
    const live = canvasElement.querySelector('.rk-composer [role="status"]')!
    await waitFor(() => expect(live.textContent).toMatch(/1 server could not be listed\.$/))
  },
}

/**
 * A server that stopped answering: its matches stay offered (last known) after the live
 * server's, dimmed, "server not answering" by its name; the footer says it is offline.
 */
export const ServerNotAnswering: S = {
  args: {
    servers: [
      demo,
      {
        id: 'docs',
        kind: 'demo',
        options: { count: 200, pageSize: 200, serverInfo: { name: 'Docs', version: '1.0.0' } },
      },
    ],
    down: 'docs',
  },
  play: async ({ canvasElement }) => {
    const { body } = await ready(canvasElement)
    await userEvent.keyboard('@readme')
    const listbox = body.getByRole('listbox', { name: 'Resources' })
    await waitFor(() => {
      const options = within(listbox).getAllByRole('option')
      const down = options.filter((o) => o.hasAttribute('data-server-down'))
      expect(down.length).toBeGreaterThan(0)
      expect(options.length).toBeGreaterThan(down.length)
      // Live first: every marked option comes after every live one.
      expect(options.indexOf(down[0] as HTMLElement)).toBe(options.length - down.length)
      for (const option of down) expect(option).toHaveTextContent(/Docs server not answering$/)
    })
    await expect(within(listbox).getAllByRole('option')[0]).not.toHaveAttribute('data-server-down')
    const status = await body.findByRole('list', { name: 'Servers not listed' })
    await expect(status).toHaveTextContent(/Docs is offline: not answering/)
  },
}

/** A draft written as plain text (e.g. restored after a reload) comes back with its chips. */
export const RestoredDraft: S = {
  args: {
    defaultValue:
      'Compare @[README.md](mcp://demo/file:///workspace/live/README.md) with @[users (prod)](mcp://demo/db://prod/users) ',
  },
  play: async ({ canvasElement }) => {
    const { input } = await ready(canvasElement)
    const chips = input.querySelectorAll('[data-rk-mention]')
    await expect([...chips].map((c) => c.textContent)).toEqual(['@README.md', '@users (prod)'])
  },
}

function HundredThousandComposer() {
  const [sources] = useState(() => [manySource(100_000)])
  return (
    <StoryWorldProvider servers={[]}>
      {() => (
        <div style={{ maxWidth: 640, margin: '360px auto 0' }}>
          <MentionComposer sources={sources} />
        </div>
      )}
    </StoryWorldProvider>
  )
}

/** 100,000 resources: the popup offers the best 50 (rendering those in view) and says there are more. */
export const HundredThousand: StoryObj<typeof HundredThousandComposer> = {
  render: () => <HundredThousandComposer />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const body = within(canvasElement.ownerDocument.body)
    const input = await canvas.findByRole('textbox', { name: 'Message' })
    await userEvent.click(input)
    await userEvent.keyboard('@')
    const listbox = await body.findByRole('listbox', { name: 'Resources' })
    // The best 50 are offered; only those in view are rendered.
    const options = within(listbox).getAllByRole('option')
    await expect(options[0]).toHaveAttribute('aria-setsize', '50')
    await waitFor(() => expect(within(listbox).getAllByRole('option').length).toBeLessThan(20))
    await expect(body.getByText(/99,950 more/)).toBeVisible()
    const wanted = manySource(100_000).resources[77_777]!.name
    await userEvent.keyboard(wanted)
    await waitFor(() => expect(within(listbox).getAllByRole('option')[0]).toHaveTextContent(wanted))
  },
}
