import type { CompleteOptions, ResourceTemplate } from '@resource-kit/client'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createFakeClient, readySnapshot } from '../../__tests__/fakeClient.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import { workerFactory } from '../../search/__tests__/heldSearchWorker.ts'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { MentionComposer } from '../MentionComposer.tsx'

const sources: PickerSource[] = [
  {
    serverId: 'demo',
    serverName: 'Demo',
    status: 'ready',
    resources: [
      { uri: 'file:///w/alpha.md', name: 'alpha.md' },
      { uri: 'file:///w/beta.md', name: 'beta.md' },
      { uri: 'file:///w/gamma.md', name: 'gamma.md' },
      { uri: 'file:///w/first.md', name: 'first.md', title: 'Read Me First' },
    ],
  },
]

const filesTemplate: ResourceTemplate = { uriTemplate: 'file:///{+path}', name: 'Files' }

/** A file tree served through completion/complete: folders end in `/`. */
function completePath(options: CompleteOptions) {
  const value = options.argument.value
  const tree: Record<string, string[]> = {
    '': ['src/', 'README.md'],
    'src/': ['src/lib/', 'src/main.rs'],
  }
  const folder = value.slice(0, value.lastIndexOf('/') + 1)
  return { values: (tree[folder] ?? []).filter((v) => v.startsWith(value)) }
}

function setup(
  onSubmit = vi.fn(),
  withTemplates = false,
  complete: typeof completePath | ((o: CompleteOptions) => Promise<unknown>) = completePath,
  searchWorker?: ReturnType<typeof workerFactory>['factory'],
) {
  const client = createFakeClient([
    {
      snapshot: readySnapshot('demo', 'Demo'),
      pages: [[]],
      complete: complete as typeof completePath,
    },
  ])
  const withTemplate: PickerSource[] = withTemplates
    ? [{ ...(sources[0] as PickerSource), templates: [filesTemplate] }]
    : sources
  render(
    <StrictMode>
      <ResourceKitProvider client={client}>
        <MentionComposer sources={withTemplate} onSubmit={onSubmit} searchWorker={searchWorker} />
      </ResourceKitProvider>
    </StrictMode>,
  )
  const editor = screen.getByRole('textbox', { name: 'Message' })
  return { editor, onSubmit, client, user: userEvent.setup() }
}

const active = (editor: HTMLElement) =>
  editor.ownerDocument.getElementById(editor.getAttribute('aria-activedescendant') ?? '')
const status = () => screen.getByRole('status')

describe('MentionComposer', () => {
  it('opens a listbox on @, moves with arrows, and inserts the chosen resource as a chip', async () => {
    const { editor, onSubmit, user } = setup()
    await user.click(editor)
    await user.keyboard('@')
    expect(editor.getAttribute('role')).toBe('combobox')
    expect(screen.getAllByRole('option')).toHaveLength(4)
    expect(active(editor)?.textContent).toContain('alpha.md')
    await user.keyboard('{ArrowDown}')
    expect(active(editor)?.textContent).toContain('beta.md')
    await user.keyboard('{Enter}')
    expect(editor.getAttribute('role')).toBe('textbox')
    await user.keyboard('{Enter}')
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(onSubmit.mock.calls[0]?.[1]).toContain('file:///w/beta.md')
  })

  it('keeps the draft when onSubmit returns false (the host warns before sending)', async () => {
    const { editor, onSubmit, user } = setup(vi.fn(() => false as const))
    await user.click(editor)
    await user.keyboard('@{Enter} hello{Enter}')
    expect(onSubmit).toHaveBeenCalledTimes(1)
    // Was cleared whatever the host said.
    expect(editor.textContent).toMatch(/alpha\.md\s+hello$/)
  })

  it('starts a new @ at the first result, and announces the row Enter picks', async () => {
    const { editor, user } = setup()
    await user.click(editor)
    await user.keyboard('@{ArrowDown}{ArrowDown}')
    expect(active(editor)?.textContent).toContain('gamma.md')
    // Leave this mention as text, then start another one.
    await user.keyboard('{Escape} @')
    expect(active(editor)?.textContent).toContain('alpha.md')
    expect(status().textContent).toContain('First: alpha.md')
    await user.keyboard('{Enter}')
    await act(async () => {})
    expect(editor.textContent).toContain('alpha.md')
  })

  it('stops at the ends of the list and leaves Tab alone', async () => {
    const { editor, user } = setup()
    await user.click(editor)
    await user.keyboard('@{ArrowUp}')
    expect(active(editor)?.textContent).toContain('alpha.md')
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}')
    expect(active(editor)?.textContent).toContain('Read Me First')
  })

  it('lets a space continue the query while it matches, and ends the mention when nothing does', async () => {
    const { editor, onSubmit, user } = setup()
    await user.click(editor)
    await user.keyboard('@read me')
    expect(editor.getAttribute('role')).toBe('combobox')
    expect(active(editor)?.textContent).toContain('Read Me First')
    await user.keyboard('{Enter}')
    expect(editor.querySelector('[data-rk-mention]')?.textContent).toBe('@Read Me First')

    await user.keyboard('and @alpha qqqq')
    expect(editor.getAttribute('role')).toBe('textbox')
    // Once over, the mention stays text: Enter sends it as typed.
    await user.keyboard('{Enter}')
    expect(onSubmit.mock.calls[0]?.[1]).toBe(
      '@[Read Me First](mcp://demo/file:///w/first.md) and @alpha qqqq',
    )
  })

  it('keeps a popup closed with Escape closed when a space follows', async () => {
    const { editor, user } = setup()
    await user.click(editor)
    await user.keyboard('@alpha{Escape}')
    expect(editor.getAttribute('role')).toBe('textbox')
    await user.keyboard(' ')
    expect(editor.getAttribute('role')).toBe('textbox')
  })

  it('descends into a folder value with Enter or Tab, and commits a file value', async () => {
    const { editor, client, user } = setup(vi.fn(), true)
    await user.click(editor)
    await user.keyboard('@files')
    expect(active(editor)?.textContent).toContain('Files')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.getAllByRole('option')[0]?.textContent).toContain('src/'))
    await user.keyboard('{Enter}')
    // Still in the draft, asking inside src/.
    expect(editor.querySelector('[data-rk-mention-draft]')?.textContent).toBe('@Files › path: ')
    await waitFor(() => expect(client.calls.complete.at(-1)?.argument.value).toBe('src/'))
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(
        expect.arrayContaining([expect.stringContaining('src/lib/')]),
      ),
    )
    await user.keyboard('{Tab}')
    expect(editor.querySelector('[data-rk-mention-draft]')).not.toBeNull()
    await waitFor(() => expect(client.calls.complete.at(-1)?.argument.value).toBe('src/lib/'))
    // Back up to src/ and take the file with Tab: it commits.
    await user.keyboard('{Backspace}{Backspace}{Backspace}{Backspace}')
    await waitFor(() => expect(active(editor)?.textContent).toContain('src/lib/'))
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(active(editor)?.textContent).toContain('src/main.rs'))
    await user.keyboard('{Tab}')
    expect(editor.querySelector('[data-rk-mention-draft]')).toBeNull()
    expect(editor.querySelector('[data-rk-mention]')?.getAttribute('data-uri')).toBe(
      'file:///src/main.rs',
    )
  })

  it('shows the "go into" chevron on folder values only, not on leaf values', async () => {
    const { editor, user } = setup(vi.fn(), true)
    await user.click(editor)
    await user.keyboard('@files{Enter}')
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2))
    const chevron = (label: string) =>
      screen
        .getAllByRole('option')
        .find((o) => o.textContent?.includes(label))
        ?.querySelector('.rk-mime-icon[data-icon="value"]') ?? null
    expect(chevron('src/')).not.toBeNull()
    expect(chevron('README.md')).toBeNull()
    // What was typed is final too: no chevron on "Use as typed".
    await user.keyboard('notes/')
    await waitFor(() =>
      expect(screen.getAllByRole('option')[0]?.textContent).toContain('Use as typed'),
    )
    expect(chevron('notes/')).toBeNull()
  })

  it('shows the suggestion count it announces', async () => {
    const { editor, user } = setup(vi.fn(), true)
    await user.click(editor)
    await user.keyboard('@files{Enter}')
    await user.keyboard('R')
    await waitFor(() => expect(active(editor)?.textContent).toContain('README.md'))
    // One suggestion, plus the "use as typed" row that is not one.
    expect(screen.getAllByRole('option')).toHaveLength(2)
    const shown = document.querySelector('.rk-mention-popup-count')?.textContent
    expect(shown).toBe('1 suggestion')
    expect(status().textContent).toContain('1 suggestion.')
  })

  describe('Enter typed before the rows of what was typed', () => {
    /** A composer whose search worker holds its replies until `release()`. */
    async function withHeldSearch(typed: string) {
      const started = workerFactory()
      const view = setup(vi.fn(), false, completePath, started.factory)
      await view.user.click(view.editor)
      await view.user.keyboard(typed)
      const worker = started.latest()
      await waitFor(() => expect(status().textContent).not.toBe(''))
      worker.hold()
      const release = () => act(() => worker.resume())
      return { ...view, worker, release }
    }
    const chip = (editor: HTMLElement) => editor.querySelector('[data-rk-mention]')

    it('inserts the first match of the query typed, not a row of the one before', async () => {
      const { editor, user, worker, release } = await withHeldSearch('@be')
      expect(active(editor)?.textContent).toContain('beta.md')
      await user.keyboard('{Backspace}{Backspace}ga{Enter}')
      await worker.waitHeld(1)
      expect(chip(editor)).toBeNull()
      release()
      await waitFor(() => expect(chip(editor)?.textContent).toBe('@gamma.md'))
    })

    it('does not send the query as text while its matches are on their way', async () => {
      const { editor, onSubmit, user, worker, release } = await withHeldSearch('@alx')
      await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(0))
      // "al" matches, but its rows are not shown yet: the popup is empty.
      await user.keyboard('{Backspace}{Enter}')
      await worker.waitHeld(1)
      release()
      await waitFor(() => expect(chip(editor)?.textContent).toBe('@alpha.md'))
      expect(onSubmit).not.toHaveBeenCalled()
    })

    it('puts what is typed after a held Enter after the chip, and a second Enter sends', async () => {
      const { onSubmit, user, worker, release } = await withHeldSearch('@be')
      await user.keyboard('{Backspace}{Backspace}ga{Enter}is it{Enter}')
      await worker.waitHeld(1)
      expect(onSubmit).not.toHaveBeenCalled()
      release()
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
      expect(onSubmit.mock.calls[0]?.[1]).toBe('@[gamma.md](mcp://demo/file:///w/gamma.md) is it')
    })

    it('gives the queued text back to the query when the person edits before the hits', async () => {
      const { editor, user, worker, release } = await withHeldSearch('@be')
      await user.keyboard('{Backspace}{Backspace}ga{Enter}mm{Backspace}')
      await worker.waitHeld(1)
      release()
      // The Enter is dropped: the query is "gam" (typed, then one letter taken back).
      await waitFor(() => expect(editor.textContent).toBe('@gam'))
      expect(chip(editor)).toBeNull()
      expect(editor.getAttribute('role')).toBe('combobox')
    })

    it('drops the Enter and gives the text back when the search does not answer', async () => {
      const { editor, user, worker } = await withHeldSearch('@be')
      await user.keyboard('{Backspace}{Backspace}ga{Enter}hi')
      await worker.waitHeld(1)
      expect(editor.textContent).toBe('@ga')
      // The worker never replies: after HOLD_LIMIT_MS the keys are the person's again.
      await waitFor(() => expect(editor.textContent).toBe('@gahi'), { timeout: 3000 })
      expect(chip(editor)).toBeNull()
    })

    it('takes a row the person moved to at once', async () => {
      const { editor, user, worker } = await withHeldSearch('@md')
      await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4))
      const second = screen.getAllByRole('option')[1]?.textContent?.match(/\w+\.md/)?.[0]
      await user.keyboard('{Backspace}')
      await worker.waitHeld(1)
      await user.keyboard('{ArrowDown}{Enter}')
      expect(chip(editor)?.textContent).toBe(`@${second}`)
    })
  })

  it('takes the completion value of what was typed when Enter comes before it', async () => {
    let answer: (() => void) | undefined
    const slow = (options: CompleteOptions) =>
      options.argument.value === 'src/m'
        ? new Promise((resolve) => {
            answer = () => resolve(completePath(options))
          })
        : Promise.resolve(completePath(options))
    const { editor, user } = setup(vi.fn(), true, slow)
    await user.click(editor)
    await user.keyboard('@files{Enter}')
    await waitFor(() => expect(active(editor)?.textContent).toContain('src/'))
    await user.keyboard('src/')
    await waitFor(() => expect(active(editor)?.textContent).toContain('src/lib/'))
    await user.keyboard('m{Enter}')
    await waitFor(() => expect(answer).toBeDefined())
    // src/lib/ is still shown: Enter waits for the values of "src/m".
    expect(editor.querySelector('[data-rk-mention-draft]')).not.toBeNull()
    act(() => answer?.())
    await waitFor(() =>
      expect(editor.querySelector('[data-rk-mention]')?.getAttribute('data-uri')).toBe(
        'file:///src/main.rs',
      ),
    )
  })
})
