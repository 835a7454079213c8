import { Picker, type PickerSource, type ResourceDescriptor } from '@resource-kit/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, within } from 'storybook/test'

// Sources as plain data (what `useResourceSources()` returns), so each state holds still.
const resources = [
  { uri: 'file:///workspace/README.md', name: 'README.md', mimeType: 'text/markdown' },
  { uri: 'file:///workspace/src/main.rs', name: 'main.rs', mimeType: 'text/x-rust' },
  {
    uri: 'file:///workspace/services/billing/invoices/2026/december/reconciliation-report.csv',
    name: 'reconciliation-report.csv',
    mimeType: 'text/csv',
  },
]

function Parts({
  sources,
  width = 420,
  theme,
}: {
  sources: PickerSource[]
  width?: number
  theme?: 'dark' | 'light'
}) {
  const [chosen, setChosen] = useState<ResourceDescriptor[]>([])
  return (
    <div data-theme={theme} style={{ width }}>
      <Picker.Root
        sources={sources}
        onSelect={setChosen}
        aria-label="Resources"
        style={{ height: 320 }}
      >
        <Picker.Toolbar>
          <Picker.Input />
          <Picker.ViewToggle />
        </Picker.Toolbar>
        <Picker.List />
        <Picker.Empty />
        <Picker.LiveRegion />
      </Picker.Root>
      <output aria-label="Chosen">{chosen.map((c) => c.uri).join('\n')}</output>
    </div>
  )
}

/** A server that needs sign-in: its row starts it; the resources load in place afterwards. */
function SignInParts({ theme }: { theme?: 'dark' | 'light' }) {
  const [signedIn, setSignedIn] = useState(false)
  const source: PickerSource = signedIn
    ? { serverId: 'crm', serverName: 'CRM', status: 'ready', resources }
    : {
        serverId: 'crm',
        serverName: 'CRM',
        status: 'needs-auth',
        error: new Error('The server asks for sign-in (401)'),
        resources: [],
        signIn: () => setSignedIn(true),
      }
  return <Parts sources={[source]} {...(theme && { theme })} />
}

const meta: Meta<typeof Parts> = {
  title: 'Picker/States',
  component: Parts,
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { Picker, useResourceSources } from '@resource-kit/react'

export function ResourcesPanel() {
  // One source per server, with its status: ready, connecting, reconnecting, needs-auth…
  const sources = useResourceSources()
  return (
    <Picker.Root sources={sources} onSelect={console.log} aria-label="Resources">
      <Picker.Toolbar>
        <Picker.Input />
        <Picker.ViewToggle />
      </Picker.Toolbar>
      <Picker.List />
      <Picker.Empty />
      <Picker.LiveRegion />
    </Picker.Root>
  )
}`,
      },
    },
  },
}
export default meta
type S = StoryObj<typeof Parts>

const rootOf = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('.rk-picker') as HTMLElement

/** Needs sign-in: "Sign in to CRM" is a row like any other (Enter or click starts it). */
export const SignIn: StoryObj<typeof SignInParts> = {
  render: (args) => <SignInParts {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const row = await canvas.findByRole('treeitem', { name: /^Sign in to CRM/ })
    await expect(row).toHaveAttribute('data-status', 'needs-auth')
    await userEvent.click(row)
    await userEvent.type(canvas.getByRole('combobox', { name: 'Search resources' }), 'readme')
    await canvas.findByRole('treeitem', { name: /README\.md/ })
  },
}

/** The same, in the theme's dark colours (a host switch: `data-theme="dark"`). */
export const SignInDark: StoryObj<typeof SignInParts> = {
  render: () => <SignInParts theme="dark" />,
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('treeitem', { name: /^Sign in to CRM/ })
    await expect(getComputedStyle(rootOf(canvasElement)).colorScheme).toBe('dark')
  },
}

/**
 * A server that stopped answering: its rows stay as last known, dimmed and named "server not
 * answering"; its row says it is reconnecting. The live server beside it is not marked.
 */
export const Reconnecting: S = {
  args: {
    sources: [
      {
        serverId: 'docs',
        serverName: 'Docs',
        status: 'reconnecting',
        error: new Error('connection reset'),
        resources,
      },
      {
        serverId: 'notes',
        serverName: 'Notes',
        status: 'ready',
        resources: [{ uri: 'file:///notes/readme-notes.md', name: 'readme-notes.md' }],
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const status = await canvas.findByRole('treeitem', {
      name: /^Docs is not answering, reconnecting/,
    })
    await expect(status).toHaveAttribute('data-status', 'reconnecting')
    // Its resources are still there to find and pick, marked as last known.
    await userEvent.type(canvas.getByRole('combobox', { name: 'Search resources' }), 'readme')
    const readme = await canvas.findByRole('treeitem', {
      name: /^README\.md.*server not answering/,
    })
    await expect(readme).toHaveAttribute('data-server-down')
    const live = await canvas.findByRole('treeitem', { name: /^readme-notes\.md/ })
    await expect(live).not.toHaveAttribute('data-server-down')
    await expect(live.textContent).not.toMatch(/not answering/)
    // Dimmed: the muted colour, not the live row's.
    await expect(getComputedStyle(readme).color).not.toBe(getComputedStyle(live).color)
  },
}

/** 280 px wide (a side panel on a phone): long locations are cut in the middle, nothing scrolls sideways. */
export const Narrow: S = {
  args: {
    width: 280,
    sources: [{ serverId: 'docs', serverName: 'Docs', status: 'ready', resources }],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole('combobox', { name: 'Search resources' }), 'report')
    await canvas.findByRole('treeitem', { name: /reconciliation-report\.csv/ })
    const root = rootOf(canvasElement)
    await expect(root.getBoundingClientRect().width).toBeLessThanOrEqual(280)
    // Nothing scrolls sideways: not the picker, not its list (text is cut with an ellipsis).
    const list = canvas.getByRole('tree')
    for (const box of [root, list]) {
      await expect(box.scrollWidth - box.clientWidth).toBeLessThanOrEqual(1)
    }
  },
}

/** Narrow and dark together. */
export const NarrowDark: S = {
  args: { ...Narrow.args, theme: 'dark' },
}
