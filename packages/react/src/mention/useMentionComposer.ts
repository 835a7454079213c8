// BEHAVIOUR: the @-mention composer as prop getters (WAI-ARIA combobox pattern on a
// contenteditable): typing `@` opens a listbox of resources and templates, arrows move the
// active option, Enter chooses it, Escape closes. A template continues inside the
// mention: its variables are asked one after the other with `completion/complete`.
// A composition of named hooks, each testable alone: the editor as a value
// (`useMentionEditor`), the query at the caret (`useMentionTrigger`), the template draft
// (`useMentionDraft`), the rows (`useMentionResults`) and their highlight
// (`useMentionHighlight`); this file wires them and turns keys into their actions.
import {
  expandTemplate as clientExpandTemplate,
  templateVariables as clientTemplateVariables,
} from '@resource-kit/client'
import { type KeyboardEvent, useEffect, useId, useRef } from 'react'
import { useLiveResources } from '../live/LiveResourcesContext.ts'
import type { SharedResourceSearch } from '../search/sharedSearch.ts'
import type { SearchWorkerFactory } from '../search/useSourceSearch.ts'
import { optionDomId } from '../shared/ids.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { appendChip, insertChip, insertChipAtCaret, insertPlainText } from './composerEdits.ts'
import { mentionAnnouncement } from './mentionAnnouncement.ts'
import { resolveMentionKey } from './mentionKeyboard.ts'
import { isFolderValue, type MentionOption } from './mentionOptions.ts'
import { createMentionPropGetters, type MentionPropGetters } from './mentionPropGetters.ts'
import type { MentionRef, MentionSegment } from './mentionToken.ts'
import type { ExpandTemplate, TemplateDraft } from './templateDraft.ts'
import { type MentionKey, useHeldKeys } from './useHeldKeys.ts'
import { type MentionDraftState, useMentionDraft } from './useMentionDraft.ts'
import { useMentionEditor } from './useMentionEditor.ts'
import { useMentionHighlight } from './useMentionHighlight.ts'
import { type MentionMode, useMentionResults } from './useMentionResults.ts'
import { useMentionTrigger } from './useMentionTrigger.ts'

export type { MentionMode } from './useMentionResults.ts'

export interface UseMentionComposerOptions {
  /** Where mentions come from (e.g. `useResourceSources()`). */
  sources: readonly PickerSource[]
  /** The initial draft, as plain text with mention tokens (see `serializeMentions`). */
  defaultValue?: string
  /** Called after every change with the draft as plain text (store it to keep drafts). */
  onValueChange?: (value: string, segments: MentionSegment[]) => void
  /**
   * Enter (without Shift) with a non-empty draft; the composer clears itself after, unless
   * this returns `false` (not sent: e.g. the host warns first, and the draft stays).
   */
  // `unknown`, not `void | false`: a handler that returns anything else (as before) still sends.
  onSubmit?: (segments: MentionSegment[], value: string) => unknown
  /** Rows shown at once (the count announced is of all matches). @default 50 */
  maxOptions?: number
  /** The variables of a URI template, in order. @default the client's `templateVariables` */
  templateVariables?: (uriTemplate: string) => string[]
  /** Expands a URI template with values (RFC 6570). @default the client's `expandTemplate` */
  expandTemplate?: ExpandTemplate
  /** Starts a Web Worker running `@resource-kit/search/worker` for the search index. @default the index runs on the main thread, in slices */
  searchWorker?: SearchWorkerFactory
  /** A search index shared with the host's picker (`useResourceSearch` over these servers): each page is indexed once. `searchWorker` is then not used. */
  search?: SharedResourceSearch
}

/** What `useMentionComposer` returns: state for the parts, actions, and prop getters. */
export interface MentionComposerApi extends MentionPropGetters {
  /** Attach to the contenteditable editor (the editor props do); fits React 18's and 19's `ref`. */
  editorRef: { readonly current: HTMLDivElement | null }
  /** Whether the popup shows. */
  open: boolean
  /** `resource`: searching resources and templates; `value`: completing a template variable. */
  mode: MentionMode
  /** The rows shown. */
  options: MentionOption[]
  /** Matches counted (resources: of all matches; values: the rows shown). */
  total: number
  /** More matches exist than the rows shown. */
  more: boolean
  /** Whether `total` is exact (a search stops counting past the rows shown). */
  exact: boolean
  /** Completion values offered for the variable (the count shown and announced). */
  suggestions: number
  /** The highlighted row: the one Enter chooses. */
  activeIndex: number
  /** The template mention being completed, or null. */
  draft: TemplateDraft | null
  /** The template variable being asked. */
  variable: string | undefined
  /** True while completion values for the current variable are being fetched. */
  completing: boolean
  /** Why completion values could not be loaded. */
  completionError: Error | null
  /** What the live region says (empty while closed). */
  announcement: string
  /** Servers in scope that are not (yet) listed: connecting, loading, failed. */
  unavailable: PickerSource[]
  /** The listbox's element id. */
  listboxId: string
  /** The element id of row `index`. */
  optionId: (index: number) => string
  /** Bumped whenever the caret moved (re-measure the popup). */
  caretVersion: number
  /** The rectangle the popup is placed at: the `@` of the query, or the draft. */
  anchorRect: () => DOMRect | null
  /** Chooses row `index`: a chip, a template draft, or a value (a folder value descends). */
  choose: (index: number) => void
  /** Sends the draft (as Enter does) and clears the editor. */
  submit: () => void
  /** Highlights row `index`. */
  setActiveIndex: (index: number) => void
  /** Inserts a mention at the caret (or at the end), e.g. from a side-panel picker. */
  insertMention: (mention: MentionRef, options?: InsertMentionOptions) => void
  /** Replaces the draft (plain text with mention tokens). */
  setValue: (value: string) => void
  /** The draft as plain text with mention tokens. */
  getValue: () => string
}

/** How `insertMention` treats focus. */
export interface InsertMentionOptions {
  /**
   * Moves focus into the composer, the caret after the chip. `false` leaves focus where it
   * is (a picker the person keeps using); the chip then goes at the end of the draft
   * unless the composer has focus. @default true
   */
  focus?: boolean
}

const hasSpace = (text: string) => /\s/.test(text)

export function useMentionComposer(options: UseMentionComposerOptions): MentionComposerApi {
  const {
    sources,
    maxOptions = 50,
    templateVariables = clientTemplateVariables,
    expandTemplate = clientExpandTemplate,
  } = options
  // Choosing or sending a resource clears its new/updated mark everywhere (the one rule).
  const live = useLiveResources()
  const id = useId()
  const listboxId = `${id}-listbox`
  const optionId = (index: number) => optionDomId(listboxId, index)

  // The draft and the trigger need each other (a deleted draft chip is dropped on sync,
  // the draft edits at the trigger): the editor reads the draft through a late reference.
  const drafts = useRef<MentionDraftState | null>(null)
  /** Where the caret goes on the next focus: after a mention inserted without it. */
  const resumeAfter = useRef<Node | null>(null)
  const editor = useMentionEditor({
    defaultValue: options.defaultValue,
    onValueChange: options.onValueChange,
    hasDraft: () => drafts.current?.draft != null,
  })
  const { editorRef } = editor
  const caret = useMentionTrigger({
    editorRef,
    beforeSync: () => drafts.current?.dropIfRemoved(),
  })
  const draftState = useMentionDraft({
    triggerRef: caret.triggerRef,
    templateVariables,
    expandTemplate,
  })
  drafts.current = draftState
  const { draft, variable } = draftState
  const { trigger } = caret

  const mode: MentionMode = trigger?.inDraft && draft ? 'value' : 'resource'
  const results = useMentionResults({
    sources,
    query: trigger?.query ?? null,
    mode,
    draft,
    variable,
    maxOptions,
    searchWorker: options.searchWorker,
    search: options.search,
  })
  // A space continues the query while it matches; past that the mention is over (once
  // every server in scope is listed: a list still loading may yet match).
  const spaceWithoutMatch =
    mode === 'resource' &&
    trigger !== null &&
    hasSpace(trigger.query) &&
    results.total === 0 &&
    !results.searchPending &&
    !results.unavailable.some((s) => s.status === 'loading' || s.status === 'connecting')
  const { end } = caret
  useEffect(() => {
    if (spaceWithoutMatch && trigger) end(trigger.session)
  }, [spaceWithoutMatch, trigger, end])
  const ended =
    trigger !== null &&
    mode === 'resource' &&
    hasSpace(trigger.query) &&
    (spaceWithoutMatch || caret.isEnded(trigger.session))
  const open = caret.focused && trigger !== null && !caret.dismissed && !ended

  const listKey = `${mode} ${trigger?.session} ${draft?.index} ${variable} ${trigger?.query}`
  const highlight = useMentionHighlight({
    count: results.options.length,
    listKey,
    open,
    optionId,
    editorRef,
  })
  const { activeIndex, setActiveIndex } = highlight

  const afterEdit = () => {
    caret.sync()
    editor.emitChange()
  }

  const cancelDraft = (keepOpen: boolean) => {
    draftState.cancel()
    caret.setDismissed(!keepOpen)
    afterEdit()
  }

  const choose = (index: number) => {
    const option = results.options[index]
    const t = caret.triggerRef.current
    if (!option || !t) return
    if (option.kind === 'resource') {
      insertChip(t, { serverId: option.serverId, uri: option.resource.uri, label: option.label })
      live?.acknowledge(option.serverId, option.resource.uri)
    } else if (option.kind === 'template') {
      draftState.start(option.serverId, option.template)
    } else if (isFolderValue(option) && option.value !== t.query) {
      // A folder: complete inside it, as an editor's path completion does (choosing the
      // folder already typed commits it).
      draftState.descend(option.value)
    } else {
      draftState.answer(option.value)
    }
    caret.setDismissed(false)
    afterEdit()
  }

  const submit = () => {
    if (draft) cancelDraft(false)
    const segments = editor.segments()
    const meaningful = segments.some((s) => s.type === 'mention' || s.text.trim() !== '')
    if (!meaningful) return
    // Held back by the host (a warning first): the draft stays as it is.
    if (options.onSubmit?.(segments, editor.getValue()) === false) return
    // Sent: what it mentions is seen as it is now (their new or updated marks clear).
    for (const s of segments)
      if (s.type === 'mention') live?.acknowledge(s.mention.serverId, s.mention.uri)
    editor.clear()
    afterEdit()
  }

  // Enter (or Tab in a draft) typed before the query's own rows show waits for them; what
  // is typed meanwhile follows it in order.
  const heldKeys = useHeldKeys({
    pending: results.rowsPending,
    listKey: `${open} ${listKey}`, // closing the popup drops it
    run: (key) => runKey(key),
    insertText: (text) => {
      const root = editorRef.current
      if (!root) return
      if (root.contains(root.ownerDocument.activeElement)) insertPlainText(root, text)
      else root.append(text)
      afterEdit()
    },
  })

  /** Acts on a key; true when it was the composer's (its default is then prevented). */
  const runKey = (key: MentionKey): boolean => {
    const action = resolveMentionKey({
      ...key,
      open,
      count: results.options.length,
      activeIndex,
      mode,
      queryEmpty: (trigger?.query ?? '') === '',
      dismissed: trigger !== null && caret.dismissed,
    })
    if (!action) return false
    const choosing = action.type === 'choose' || (open && action.type === 'submit')
    if (choosing && heldKeys.hold(key)) return true
    if (action.type === 'move') heldKeys.moved()
    switch (action.type) {
      case 'move':
        setActiveIndex(action.index)
        break
      case 'choose':
        choose(action.index)
        break
      case 'dismiss':
        caret.setDismissed(true)
        break
      case 'reopen':
        caret.setDismissed(false)
        break
      case 'cancelDraft':
        cancelDraft(false)
        break
      case 'back':
        if (draftState.back()) afterEdit()
        else cancelDraft(true)
        break
      case 'submit':
        submit()
        break
      case 'ignore':
        break
    }
    return true
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const { key, shiftKey } = event
    const pressed = { key, shiftKey, isComposing: event.nativeEvent.isComposing }
    const printable = [...key].length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey
    if (heldKeys.queue(pressed, printable) || runKey(pressed)) event.preventDefault()
  }

  // While a query's hits are on their way the live region keeps saying the last settled set.
  const spoken = useRef('')
  const announcement = !open
    ? ''
    : results.searchPending
      ? spoken.current
      : mentionAnnouncement({
          mode,
          options: results.options,
          total: results.total,
          exact: results.exact,
          suggestions: results.suggestions,
          draft,
          variable,
          sources,
          query: results.query,
        })
  spoken.current = announcement

  return {
    editorRef,
    open,
    mode,
    options: results.options,
    total: results.total,
    more: results.more,
    exact: results.exact,
    suggestions: results.suggestions,
    activeIndex,
    draft,
    variable,
    completing: results.completing,
    completionError: results.completionError,
    announcement,
    unavailable: results.unavailable,
    listboxId,
    optionId,
    caretVersion: trigger?.version ?? 0,
    anchorRect: () => {
      const t = caret.triggerRef.current
      if (!t) return null
      if (t.draft) return t.draft.getBoundingClientRect()
      const range = t.node.ownerDocument.createRange()
      range.setStart(t.node, t.start)
      range.setEnd(t.node, Math.min(t.start + 1, t.node.length))
      return range.getBoundingClientRect()
    },
    choose,
    submit,
    setActiveIndex,
    insertMention: (mention, { focus = true } = {}) => {
      const root = editorRef.current
      if (!root) return
      const t = caret.triggerRef.current
      if (!focus && !root.contains(root.ownerDocument.activeElement)) {
        // The caret goes after it when the person comes to the composer (Tab lands at the start).
        resumeAfter.current = appendChip(root, mention).nextSibling
      } else if (t && !t.draft) insertChip(t, mention)
      else insertChipAtCaret(root, mention)
      live?.acknowledge(mention.serverId, mention.uri)
      if (focus) root.focus()
      afterEdit()
    },
    setValue: (value) => {
      draftState.clear()
      editor.write(value)
      afterEdit()
    },
    getValue: editor.getValue,
    ...createMentionPropGetters({
      editorRef,
      open,
      mode,
      listboxId,
      optionId,
      options: results.options,
      activeIndex,
      rowsPending: results.rowsPending,
      activeDescendant: highlight.activeDescendant,
      onKeyDown,
      onInput: () => {
        caret.sync()
        // Escape holds until the query changes; a space after it ends the mention.
        if (!hasSpace(caret.triggerRef.current?.query ?? '')) caret.setDismissed(false)
        else if (caret.dismissed && trigger) end(trigger.session)
        editor.emitChange()
      },
      onFocusChange: (focused) => {
        const after = resumeAfter.current
        resumeAfter.current = null
        const root = editorRef.current
        // A click places the caret itself, after this.
        if (focused && after && root?.contains(after))
          root.ownerDocument.getSelection()?.collapse(after, after.textContent?.length ?? 0)
        caret.onFocusChange(focused)
      },
      setActiveIndex,
      choose,
    }),
  }
}
