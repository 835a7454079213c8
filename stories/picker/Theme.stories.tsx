import { Picker, type PickerSource } from '@resource-kit/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ReactNode } from 'react'
import { expect, within } from 'storybook/test'

const sources: PickerSource[] = [
  {
    serverId: 'docs',
    serverName: 'Docs',
    status: 'ready',
    resources: [
      { uri: 'file:///ws/readme.md', name: 'readme.md' },
      { uri: 'file:///ws/src/route.ts', name: 'route.ts' },
    ],
  },
]

/**
 * A host stylesheet the way Tailwind v4 writes its classes: in its `utilities` layer, declared
 * after the theme's (the theme is imported first, as the README says).
 */
const HOST_CSS = `@layer utilities { .host-square { border-radius: 0px; background: rgb(250, 240, 230); } }`

function Parts({
  className,
  toolbar = true,
  wrapper,
}: {
  className?: string
  toolbar?: boolean
  wrapper?: (children: ReactNode) => ReactNode
}) {
  const picker = (
    <Picker.Root
      sources={sources}
      defaultView="list"
      aria-label="Resources"
      className={className}
      style={{ width: 480, height: 420 }}
    >
      {toolbar ? (
        <Picker.Toolbar>
          <Picker.Input />
          <Picker.ViewToggle />
        </Picker.Toolbar>
      ) : (
        <Picker.Input />
      )}
      <Picker.List />
      <Picker.LiveRegion />
    </Picker.Root>
  )
  return (
    <>
      <style>{HOST_CSS}</style>
      {wrapper ? wrapper(picker) : picker}
    </>
  )
}

const meta: Meta<typeof Parts> = {
  title: 'Picker/Theme',
  component: Parts,
  parameters: {
    docs: {
      source: {
        language: 'tsx',
        code: `import { Picker, useResourceSources } from '@resource-kit/react'
// The theme sits in the "resource-kit" cascade layer: import it before Tailwind.
import '@resource-kit/react/theme.css'

export function ThemedPicker({ dark }: { dark: boolean }) {
  const sources = useResourceSources()
  return (
    // The host's switch: class="dark" or data-theme="dark" | "light" on any ancestor.
    <div className={dark ? 'dark' : undefined}>
      <Picker.Root sources={sources} className="rounded-none" aria-label="Resources">
        <Picker.Toolbar>
          <Picker.Input />
          <Picker.ViewToggle />
        </Picker.Toolbar>
        <Picker.List />
        <Picker.LiveRegion />
      </Picker.Root>
    </div>
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

/** Dark because the host says so (a `.dark` ancestor, as Tailwind's dark mode sets it), whatever the OS. */
export const DarkByHostSwitch: S = {
  args: { wrapper: (children) => <div className="dark">{children}</div> },
  play: async ({ canvasElement }) => {
    const root = rootOf(canvasElement)
    await expect(getComputedStyle(root).colorScheme).toBe('dark')
    // The theme's dark background (#16181d), not its light one.
    await expect(getComputedStyle(root).backgroundColor).toBe('rgb(22, 24, 29)')
  },
}

/** Light because the host says so (`data-theme="light"`), even on a dark OS. */
export const LightByHostSwitch: S = {
  args: { wrapper: (children) => <div data-theme="light">{children}</div> },
}

/** A host (Tailwind) class passed through `className` wins over the theme without `!important`. */
export const HostClassWins: S = {
  args: { className: 'host-square' },
  play: async ({ canvasElement }) => {
    const root = rootOf(canvasElement)
    await expect(getComputedStyle(root).borderTopLeftRadius).toBe('0px')
    await expect(getComputedStyle(root).backgroundColor).toBe('rgb(250, 240, 230)')
  },
}

/** `Picker.Input` straight in `Picker.Root`, with no toolbar: one row high, the whole width. */
export const InputWithoutToolbar: S = {
  args: { toolbar: false },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Search resources' })
    const box = input.getBoundingClientRect()
    await expect(box.height).toBeLessThan(40)
    await expect(box.width).toBeGreaterThan(400)
  },
}
