import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { KeyboardEvent } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createFakeClient, readySnapshot } from '../../__tests__/fakeClient.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import {
  type MentionComposerApi,
  type UseMentionComposerOptions,
  useMentionComposer,
} from '../useMentionComposer.ts'

const sources: PickerSource[] = [
  {
    serverId: 'demo',
    serverName: 'Demo',
    status: 'ready',
    resources: [{ uri: 'file:///a.md', name: 'a.md' }],
  },
]

/** The hook with the smallest parts a host would build: an editor and a listbox. */
function Harness(
  props: UseMentionComposerOptions & {
    api: { current: MentionComposerApi | null }
    onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void
  },
) {
  const { api: out, onKeyDown, ...options } = props
  const api = useMentionComposer(options)
  out.current = api
  return (
    <>
      <div {...api.getEditorProps({ 'aria-label': 'Message', onKeyDown })} />
      {api.open && (
        <ul {...api.getListboxProps({ 'aria-label': 'Resources' })}>
          {api.options.map((option, index) => (
            <li key={option.key} {...api.getOptionProps({ index })}>
              {option.label}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

function setup(
  options: Partial<UseMentionComposerOptions> & {
    onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void
  } = {},
) {
  const client = createFakeClient([{ snapshot: readySnapshot('demo', 'Demo'), pages: [[]] }])
  const api: { current: MentionComposerApi | null } = { current: null }
  render(
    <ResourceKitProvider client={client}>
      <Harness sources={sources} api={api} {...options} />
    </ResourceKitProvider>,
  )
  return { api, editor: screen.getByRole('textbox', { name: 'Message' }), user: userEvent.setup() }
}

describe('useMentionComposer', () => {
  it('is a textbox until @, then a combobox controlling the listbox with an active descendant', async () => {
    const { api, editor, user } = setup()
    expect(editor.getAttribute('aria-multiline')).toBe('true')
    await user.click(editor)
    await user.keyboard('@a')
    expect(api.current).toMatchObject({ open: true, mode: 'resource', total: 1, exact: true })
    expect(editor.getAttribute('role')).toBe('combobox')
    expect(editor.getAttribute('aria-controls')).toBe(api.current?.listboxId)
    expect(editor.getAttribute('aria-activedescendant')).toBe(api.current?.optionId(0))
    expect(api.current?.announcement).toContain('First: a.md')
  })

  it('inserts mentions from outside, and reads, writes and sends the value', async () => {
    const onSubmit = vi.fn()
    const onValueChange = vi.fn()
    const { api, editor } = setup({ onSubmit, onValueChange, defaultValue: 'hello' })
    expect(api.current?.getValue()).toBe('hello')
    act(() => api.current?.insertMention({ serverId: 'demo', uri: 'file:///a.md', label: 'a.md' }))
    expect(editor.querySelector('[data-rk-mention]')?.textContent).toBe('@a.md')
    expect(onValueChange).toHaveBeenLastCalledWith(
      expect.stringContaining('@[a.md](mcp://demo/file:///a.md)'),
      expect.any(Array),
    )
    act(() => api.current?.setValue('new text'))
    expect(editor.textContent).toBe('new text')
    act(() => api.current?.submit())
    expect(onSubmit).toHaveBeenCalledWith([{ type: 'text', text: 'new text' }], 'new text')
    expect(editor.textContent).toBe('')
    // Nothing meaningful: nothing sent.
    act(() => api.current?.submit())
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('inserts a mention without taking focus when asked, at the end of the draft', async () => {
    const onValueChange = vi.fn()
    const { api, editor } = setup({ onValueChange, defaultValue: 'Summarize' })
    const elsewhere = document.createElement('input')
    document.body.append(elsewhere)
    elsewhere.focus()
    const mention = { serverId: 'demo', uri: 'file:///a.md', label: 'a.md' }
    act(() => api.current?.insertMention(mention, { focus: false }))
    expect(document.activeElement).toBe(elsewhere)
    expect(editor.textContent).toBe('Summarize @a.md ')
    expect(onValueChange).toHaveBeenLastCalledWith(
      'Summarize @[a.md](mcp://demo/file:///a.md) ',
      expect.any(Array),
    )
    // By default focus moves into the composer.
    act(() => api.current?.insertMention(mention))
    expect(document.activeElement).toBe(editor)
    elsewhere.remove()
  })

  it('lets a user handler prevent the composer’s own key handling', async () => {
    const { api, editor, user } = setup({
      onKeyDown: (e) => {
        if (e.key === 'Escape') e.preventDefault()
      },
    })
    await user.click(editor)
    await user.keyboard('@{Escape}')
    expect(api.current?.open).toBe(true)
    await user.keyboard('{Enter}')
    expect(editor.querySelector('[data-rk-mention]')?.textContent).toBe('@a.md')
  })

  it('keeps a query with a space open while a server in scope is still loading', async () => {
    const loading: PickerSource[] = [
      ...sources,
      { serverId: 'slow', serverName: 'Slow', status: 'loading', resources: [] },
    ]
    const { api, editor, user } = setup({ sources: loading })
    await user.click(editor)
    await user.keyboard('@read me')
    expect(api.current).toMatchObject({ open: true, total: 0 })
    expect(api.current?.announcement).toContain('still loading')
  })
})
