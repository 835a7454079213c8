// BEHAVIOUR: the composer's prop getters. The editor is a `textbox` (multi-line) while the
// popup is closed and a `combobox` controlling the listbox while it is open; options are
// reached through `aria-activedescendant`, so focus (and the caret) never leave the editor.
// User handlers run first; `preventDefault()` in one skips ours.
import type {
  ClipboardEvent,
  DragEvent,
  FocusEvent,
  HTMLAttributes,
  InputEvent,
  KeyboardEvent,
  MouseEvent,
  RefObject,
} from 'react'
import { insertPlainText } from './composerEdits.ts'
import type { MentionOption } from './mentionOptions.ts'

export interface MentionGetterContext {
  editorRef: RefObject<HTMLDivElement | null>
  open: boolean
  mode: 'resource' | 'value'
  listboxId: string
  optionId: (index: number) => string
  options: readonly MentionOption[]
  activeIndex: number
  /** The rows shown are an earlier query's: the current one's are on their way. */
  rowsPending: boolean
  /** From the list navigation: the active option's id while the popup shows options. */
  activeDescendant: string | undefined
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
  onInput: () => void
  onFocusChange: (focused: boolean) => void
  setActiveIndex: (index: number) => void
  choose: (index: number) => void
}

/** Props for the contenteditable editor (user props merged in). */
export type MentionEditorProps = HTMLAttributes<HTMLDivElement> & {
  // Its shape, not React's RefObject: React 18's RefObject<T> and 19's RefObject<T | null>
  // do not take each other as `ref`, this takes either and is taken by both.
  ref: { readonly current: HTMLDivElement | null }
  suppressContentEditableWarning: boolean
  'data-open': '' | undefined
  'data-mode': 'resource' | 'value'
}

/** Props for one option (user props merged in). */
export type MentionOptionProps = HTMLAttributes<HTMLElement> & {
  id: string
  'data-highlighted': '' | undefined
  'data-kind': MentionOption['kind'] | undefined
}

/** The composer's prop getters (Downshift style: user handlers run first). */
export interface MentionPropGetters {
  /** Props for the contenteditable editor: `textbox` while closed, `combobox` while open. */
  getEditorProps: (user?: HTMLAttributes<HTMLDivElement>) => MentionEditorProps
  /** Props for the popup's listbox. */
  getListboxProps: (user?: HTMLAttributes<HTMLElement>) => HTMLAttributes<HTMLElement>
  /** Props for one option (`index` into the shown options). */
  getOptionProps: (props: { index: number } & HTMLAttributes<HTMLElement>) => MentionOptionProps
}

export function createMentionPropGetters(ctx: MentionGetterContext): MentionPropGetters {
  const { open, options, activeIndex } = ctx
  return {
    getEditorProps: (user: HTMLAttributes<HTMLDivElement> = {}) => ({
      ...user,
      ref: ctx.editorRef,
      contentEditable: true,
      suppressContentEditableWarning: true,
      role: open ? 'combobox' : 'textbox',
      'aria-multiline': open ? undefined : true,
      'aria-expanded': open ? true : undefined,
      'aria-haspopup': open ? ('listbox' as const) : undefined,
      'aria-controls': open ? ctx.listboxId : undefined,
      'aria-autocomplete': 'list' as const,
      'aria-activedescendant': ctx.activeDescendant,
      'data-open': open ? '' : undefined,
      'data-mode': ctx.mode,
      onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
        user.onKeyDown?.(e)
        if (!e.defaultPrevented) ctx.onKeyDown(e)
      },
      onInput: (e: InputEvent<HTMLDivElement>) => {
        user.onInput?.(e)
        ctx.onInput()
      },
      onBeforeInput: (e: InputEvent<HTMLDivElement>) => {
        user.onBeforeInput?.(e)
        // Formatting (Ctrl+B…) would put markup in the draft: refuse it.
        const type = (e.nativeEvent as globalThis.InputEvent).inputType ?? ''
        if (type.startsWith('format')) e.preventDefault()
      },
      onPaste: (e: ClipboardEvent<HTMLDivElement>) => {
        user.onPaste?.(e)
        if (e.defaultPrevented) return
        e.preventDefault()
        insertPlainText(e.currentTarget, e.clipboardData.getData('text/plain'))
      },
      onDrop: (e: DragEvent<HTMLDivElement>) => {
        user.onDrop?.(e)
        if (e.defaultPrevented) return
        e.preventDefault()
        insertPlainText(e.currentTarget, e.dataTransfer.getData('text/plain'))
      },
      onFocus: (e: FocusEvent<HTMLDivElement>) => {
        user.onFocus?.(e)
        ctx.onFocusChange(true)
      },
      onBlur: (e: FocusEvent<HTMLDivElement>) => {
        user.onBlur?.(e)
        ctx.onFocusChange(false)
      },
    }),
    getListboxProps: (user: HTMLAttributes<HTMLElement> = {}) => ({
      ...user,
      id: ctx.listboxId,
      role: 'listbox',
      'aria-busy': ctx.rowsPending || undefined,
      // Keep focus (and the caret) in the editor while the pointer is on the list.
      onMouseDown: (e: MouseEvent<HTMLElement>) => {
        user.onMouseDown?.(e)
        e.preventDefault()
      },
    }),
    getOptionProps: ({ index, ...user }: { index: number } & HTMLAttributes<HTMLElement>) => ({
      ...user,
      id: ctx.optionId(index),
      role: 'option',
      // The default popup renders only the rows in view: each names its place in all.
      'aria-setsize': options.length,
      'aria-posinset': index + 1,
      'aria-selected': index === activeIndex,
      'data-highlighted': index === activeIndex ? '' : undefined,
      'data-kind': options[index]?.kind,
      // Its server is down: offered last, as last known (the theme dims it).
      'data-server-down': options[index]?.serverDown ? '' : undefined,
      onMouseMove: (e: MouseEvent<HTMLElement>) => {
        user.onMouseMove?.(e)
        if (index !== activeIndex) ctx.setActiveIndex(index)
      },
      onClick: (e: MouseEvent<HTMLElement>) => {
        user.onClick?.(e)
        ctx.choose(index)
      },
    }),
  }
}
