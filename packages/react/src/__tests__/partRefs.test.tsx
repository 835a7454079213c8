// A host's `ref` on any part reaches its DOM element, and the composer's ref is its handle,
// on React 19 (the `react` project) and React 18 (the `react-18` project, where `ref` is
// not a prop: only forwardRef passes it on).
import type { ElicitationRequest, Resource } from '@resource-kit/client'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRef, type RefObject, StrictMode, useRef, version } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ElicitationForm } from '../input/ElicitationForm.tsx'
import {
  MentionComposer,
  type MentionComposerHandle,
  type MentionComposerProps,
} from '../mention/MentionComposer.tsx'
import { Picker } from '../picker/parts/Picker.ts'
import { ResourcePicker } from '../picker/ResourcePicker.tsx'
import { BlobImage } from '../preview/BlobImage.tsx'
import { MarkdownPreview } from '../preview/MarkdownPreview.tsx'
import { ReadPreview } from '../preview/ReadPreview.tsx'
import { PreviewSummary, ResourcePreview } from '../preview/ResourcePreview.tsx'
import { ResourceKitProvider } from '../queries/ResourceKitProvider.tsx'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { TemplateField } from '../template/TemplateField.tsx'
import { TemplateForm } from '../template/TemplateForm.tsx'
import { createFakeClient, readySnapshot } from './fakeClient.ts'

const RECT = { width: 400, height: 640 }
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=='
const resources: Resource[] = [
  { uri: 'file:///ws/readme.md', name: 'readme.md' },
  { uri: 'file:///ws/guide.md', name: 'guide.md' },
]
const sources: PickerSource[] = [
  { serverId: 'docs', serverName: 'Docs', status: 'ready', resources },
]
const question: ElicitationRequest = {
  mode: 'form',
  message: 'Which branch?',
  schema: {},
  fields: [{ name: 'branch', type: 'string', required: true }],
}

function demoClient() {
  return createFakeClient([
    {
      snapshot: readySnapshot('docs', 'Docs'),
      pages: [resources],
      templates: [{ uriTemplate: 'file:///ws/{name}', name: 'File' }],
      reads: {
        'file:///ws/readme.md': {
          contents: [{ uri: 'file:///ws/readme.md', text: 'hello' }],
          ttlMs: 0,
          cacheScope: 'public',
        },
      },
    },
  ])
}

function refs() {
  return {
    root: createRef<HTMLDivElement>(),
    toolbar: createRef<HTMLDivElement>(),
    input: createRef<HTMLInputElement>(),
    list: createRef<HTMLDivElement>(),
    item: createRef<HTMLDivElement>(),
    serverRow: createRef<HTMLDivElement>(),
    viewToggle: createRef<HTMLDivElement>(),
    assistant: createRef<HTMLInputElement>(),
    live: createRef<HTMLDivElement>(),
    icon: createRef<HTMLElement>(),
  }
}

it(`runs on the React this project names (${version})`, () => {
  // The react-18 project aliases react to 18.3.1; this one test says which React ran.
  expect(version).toMatch(/^1[89]\./)
})

describe('a ref on each picker part', () => {
  it('is the element the part renders', async () => {
    const r = refs()
    render(
      <StrictMode>
        <Picker.Root sources={sources} initialRect={RECT} defaultView="list" ref={r.root}>
          <Picker.Toolbar ref={r.toolbar}>
            <Picker.Input ref={r.input} />
            <Picker.ViewToggle ref={r.viewToggle} />
            <Picker.AssistantToggle ref={r.assistant} />
          </Picker.Toolbar>
          <Picker.List
            ref={r.list}
            renderRow={(row) =>
              row.kind === 'server' ? (
                <Picker.ServerRow row={row} ref={r.serverRow} />
              ) : row.kind === 'resource' && row.resource.name === 'guide.md' ? (
                <Picker.Item row={row} ref={r.item} />
              ) : (
                <Picker.Item row={row} />
              )
            }
          />
          <Picker.LiveRegion ref={r.live} />
          <Picker.ServerIcon ref={r.icon} />
        </Picker.Root>
      </StrictMode>,
    )
    await waitFor(() => expect(r.item.current).not.toBeNull())
    expect(r.root.current?.classList.contains('rk-picker')).toBe(true)
    expect(r.toolbar.current?.classList.contains('rk-picker-toolbar')).toBe(true)
    expect(r.input.current).toBe(screen.getByRole('combobox'))
    expect(r.list.current).toBe(screen.getByRole('listbox'))
    expect(r.item.current).toBe(screen.getByRole('option', { name: /guide\.md/ }))
    expect(r.serverRow.current?.textContent).toContain('Docs')
    expect(r.viewToggle.current).toBe(screen.getByRole('group', { name: 'View' }))
    expect(r.assistant.current).toBe(screen.getByRole('checkbox'))
    expect(r.live.current?.getAttribute('aria-live')).toBe('polite')
    expect(r.icon.current?.classList.contains('rk-server-icon')).toBe(true)
  })

  it('reaches Picker.Empty, Picker.LoadMore and the list the picker keeps scrolling', async () => {
    const empty = createRef<HTMLDivElement>()
    const loadMore = createRef<HTMLDivElement>()
    const list = createRef<HTMLDivElement>()
    const partly: PickerSource[] = [{ ...(sources[0] as PickerSource), hasMore: true }]
    const { rerender } = render(
      <Picker.Root sources={partly} initialRect={RECT} defaultView="list">
        <Picker.List
          ref={list}
          renderRow={(row) =>
            row.kind === 'loadMore' ? (
              <Picker.LoadMore row={row} ref={loadMore} />
            ) : (
              <Picker.Item row={row} />
            )
          }
        />
        <Picker.Empty ref={empty} />
      </Picker.Root>,
    )
    await waitFor(() => expect(loadMore.current?.textContent).toMatch(/more/i))
    // The host's ref and the picker's own scroll ref both hold the list.
    expect(list.current?.getAttribute('role')).toBe('listbox')
    rerender(
      <Picker.Root sources={[]} initialRect={RECT}>
        <Picker.Empty ref={empty} />
      </Picker.Root>,
    )
    expect(empty.current?.textContent).toBe('No servers')
  })
})

describe('a ref on the connected parts', () => {
  it('reaches ResourcePicker, the previews, the template form and field, and the elicitation form', async () => {
    const picker = createRef<HTMLDivElement>()
    const read = createRef<HTMLDivElement>()
    const preview = createRef<HTMLDivElement>()
    const summary = createRef<HTMLParagraphElement>()
    const markdown = createRef<HTMLElement>()
    const image = createRef<HTMLElement>()
    const form = createRef<HTMLFormElement>()
    const field = createRef<HTMLDivElement>()
    const elicitation = createRef<HTMLFormElement>()
    const contents = [{ uri: 'x://a', text: 'a' }]
    render(
      <StrictMode>
        <ResourceKitProvider client={demoClient()}>
          <ResourcePicker ref={picker} initialRect={RECT} />
          <ReadPreview ref={read} serverId="docs" uri="file:///ws/readme.md" />
          <ResourcePreview ref={preview} contents={contents} />
          <PreviewSummary ref={summary} contents={contents} />
          <MarkdownPreview ref={markdown} text="# Title" />
          <BlobImage ref={image} blob={PNG} alt="pixel" />
          <TemplateForm ref={form} serverId="docs" uriTemplate="file:///ws/{name}" />
          <TemplateField
            ref={field}
            id="field"
            serverId="docs"
            template="file:///ws/{name}"
            name="name"
            required
            value=""
            onChange={() => {}}
            context={{}}
          />
          <ElicitationForm ref={elicitation} request={question} onAnswer={() => {}} />
        </ResourceKitProvider>
      </StrictMode>,
    )
    await waitFor(() => expect(image.current).not.toBeNull())
    expect(picker.current?.classList.contains('rk-picker')).toBe(true)
    expect(read.current?.classList.contains('rk-read-preview')).toBe(true)
    expect(preview.current?.classList.contains('rk-preview')).toBe(true)
    expect(summary.current?.classList.contains('rk-preview-summary')).toBe(true)
    expect(markdown.current?.classList.contains('rk-markdown')).toBe(true)
    expect(image.current?.tagName).toBe('FIGURE')
    expect(form.current?.classList.contains('rk-template-form')).toBe(true)
    expect(field.current?.classList.contains('rk-field')).toBe(true)
    expect(elicitation.current?.classList.contains('rk-elicitation')).toBe(true)
  })

  it('reaches Picker.TemplatePanel’s form once a template is chosen', async () => {
    const panel = createRef<HTMLFormElement>()
    const withTemplate: PickerSource[] = [
      {
        ...(sources[0] as PickerSource),
        templates: [{ uriTemplate: 'file:///ws/{name}', name: 'File' }],
      },
    ]
    render(
      <ResourceKitProvider client={demoClient()}>
        <Picker.Root sources={withTemplate} initialRect={RECT} defaultView="list">
          <Picker.Input />
          <Picker.List />
          <Picker.TemplatePanel ref={panel} />
        </Picker.Root>
      </ResourceKitProvider>,
    )
    await userEvent.click(await screen.findByRole('option', { name: /File/ }))
    await waitFor(() => expect(panel.current?.classList.contains('rk-template-form')).toBe(true))
  })
})

/** The chat's flow: a picked resource goes into the composer through its handle. */
function PickThenMention({ onSubmit }: Pick<MentionComposerProps, 'onSubmit'>) {
  const composer = useRef<MentionComposerHandle | null>(null)
  return (
    <>
      <ResourcePicker
        initialRect={RECT}
        defaultView="list"
        onSelect={(selection) => {
          const chosen = selection[0]
          if (chosen)
            composer.current?.insertMention({
              serverId: chosen.serverId,
              uri: chosen.uri,
              label: chosen.name,
            })
        }}
      />
      <MentionComposer ref={composer} sources={sources} onSubmit={onSubmit} />
      <ComposerButtons composer={composer} />
    </>
  )
}

function ComposerButtons({ composer }: { composer: RefObject<MentionComposerHandle | null> }) {
  return (
    <button type="button" onClick={() => composer.current?.submit()}>
      Send
    </button>
  )
}

describe('the composer’s handle', () => {
  it('takes a mention from the picker and sends it (the chat’s picker-to-composer flow)', async () => {
    const onSubmit = vi.fn()
    const user = userEvent.setup()
    render(
      <StrictMode>
        <ResourceKitProvider client={demoClient()}>
          <PickThenMention onSubmit={onSubmit} />
        </ResourceKitProvider>
      </StrictMode>,
    )
    await user.click(await screen.findByRole('option', { name: /guide\.md/ }))
    const editor = screen.getByRole('textbox', { name: 'Message' })
    await waitFor(() => expect(editor.textContent).toContain('guide.md'))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(JSON.stringify(onSubmit.mock.calls[0])).toContain('file:///ws/guide.md')
  })

  it('reads, replaces and focuses the draft', async () => {
    const handle = createRef<MentionComposerHandle>()
    render(
      <ResourceKitProvider client={demoClient()}>
        <MentionComposer ref={handle} sources={sources} onSubmit={() => {}} />
      </ResourceKitProvider>,
    )
    expect(handle.current).not.toBeNull()
    act(() => handle.current?.setValue('hello there'))
    expect(handle.current?.getValue()).toBe('hello there')
    act(() => handle.current?.focus())
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }))
  })
})
