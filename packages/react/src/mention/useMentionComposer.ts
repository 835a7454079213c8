// BEHAVIOUR: the @-mention composer as prop getters (WAI-ARIA combobox pattern on a
// contenteditable): typing `@` opens a listbox of resources and templates, arrows move the
// active option, Enter chooses it, Escape closes. A template continues inside the
// mention: its variables are asked one after the other with `completion/complete`.
import {
  type CompletionResult,
  expandTemplate as clientExpandTemplate,
  templateVariables as clientTemplateVariables,
} from '@resource-kit/client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useListNavigation } from '../combobox/useListNavigation.ts'
import { completionOptions } from '../queries/queryOptions.ts'
import { useResourceClient } from '../queries/ResourceKitProvider.tsx'
import { optionDomId } from '../shared/ids.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { describeTemplateVariables } from '../template/templateVariables.ts'
import {
  insertChip,
  insertChipAtCaret,
  insertDraft,
  replaceDraftWithText,
  updateDraft,
} from './composerEdits.ts'
import {
  createChip,
  findTrigger,
  readSegments,
  type TriggerMatch,
  writeSegments,
} from './editorDom.ts'
import { mentionAnnouncement } from './mentionAnnouncement.ts'
import { resolveMentionKey } from './mentionKeyboard.ts'
import { type MentionOption, valueOptions } from './mentionOptions.ts'
import { createMentionPropGetters } from './mentionPropGetters.ts'
import { parseMentionQuery } from './mentionQuery.ts'
import {
  type MentionRef,
  type MentionSegment,
  parseMentions,
  serializeMentions,
} from './mentionToken.ts'
import {
  answerDraft,
  backDraft,
  currentVariable,
  draftMention,
  draftText,
  type ExpandTemplate,
  isDraftComplete,
  startDraft,
  type TemplateDraft,
} from './templateDraft.ts'
import { useMentionIndex } from './useMentionIndex.ts'

export interface UseMentionComposerOptions {
  /** Where mentions come from (e.g. `useResourceSources()`). */
  sources: readonly PickerSource[]
  /** The initial draft, as plain text with mention tokens (see `serializeMentions`). */
  defaultValue?: string
  /** Called after every change with the draft as plain text (store it to keep drafts). */
  onValueChange?: (value: string, segments: MentionSegment[]) => void
  /** Enter (without Shift) with a non-empty draft; the composer clears itself after. */
  onSubmit?: (segments: MentionSegment[], value: string) => void
  /** Rows shown at once (the count announced is of all matches). @default 50 */
  maxOptions?: number
  /** The variables of a URI template, in order. @default the client's `templateVariables` */
  templateVariables?: (uriTemplate: string) => string[]
  /** Expands a URI template with values (RFC 6570). @default the client's `expandTemplate` */
  expandTemplate?: ExpandTemplate
}

interface TriggerState {
  query: string
  inDraft: boolean
  /** Which `@` this is: a new trigger is a new list, whose highlight starts at the top. */
  session: number
  /** Bumped on every sync, so the popup re-measures the caret. */
  version: number
}

export type MentionMode = 'resource' | 'value'

/** Query-parameter variables (`{?x}`, `{&x}`) may stay empty. */
function optionalVariables(uriTemplate: string): Set<string> {
  return new Set(
    describeTemplateVariables(uriTemplate)
      .filter((v) => !v.required)
      .map((v) => v.name),
  )
}

export function useMentionComposer(options: UseMentionComposerOptions) {
  const {
    sources,
    maxOptions = 50,
    templateVariables = clientTemplateVariables,
    expandTemplate = clientExpandTemplate,
  } = options
  const client = useResourceClient()
  const id = useId()
  const listboxId = `${id}-listbox`
  const optionId = (index: number) => optionDomId(listboxId, index)
  const editorRef = useRef<HTMLDivElement | null>(null)
  const triggerRef = useRef<TriggerMatch | null>(null)
  const sessions = useRef(0)
  const draftElRef = useRef<HTMLElement | null>(null)
  const latest = useRef(options)
  latest.current = options

  const [focused, setFocused] = useState(false)
  const [dismissed, setDismissed] = useState(false)
  const [trigger, setTrigger] = useState<TriggerState | null>(null)
  const [draft, setDraft] = useState<TemplateDraft | null>(null)

  const emitChange = useCallback(() => {
    const root = editorRef.current
    if (!root) return
    const segments = readSegments(root)
    // Let `:empty` show the placeholder once everything is deleted.
    if (segments.length === 0 && root.childNodes.length > 0 && !draftElRef.current?.isConnected) {
      root.replaceChildren()
    }
    latest.current.onValueChange?.(serializeMentions(segments), segments)
  }, [])

  const sync = useCallback(() => {
    const root = editorRef.current
    if (!root) return
    if (draftElRef.current && !draftElRef.current.isConnected) {
      draftElRef.current = null
      setDraft(null)
    }
    const match = findTrigger(root, root.ownerDocument.getSelection())
    triggerRef.current = match
    setTrigger((prev) =>
      match
        ? {
            query: match.query,
            inDraft: match.draft !== null,
            session: prev?.session ?? ++sessions.current,
            version: (prev?.version ?? 0) + 1,
          }
        : null,
    )
  }, [])

  // Restore the initial draft once.
  useEffect(() => {
    const root = editorRef.current
    if (root && latest.current.defaultValue)
      writeSegments(root, parseMentions(latest.current.defaultValue))
  }, [])

  // The caret moves without input events too (clicks, arrows when closed).
  useEffect(() => {
    if (!focused) return
    const doc = editorRef.current?.ownerDocument ?? document
    doc.addEventListener('selectionchange', sync)
    return () => doc.removeEventListener('selectionchange', sync)
  }, [focused, sync])

  const mode: MentionMode = trigger?.inDraft && draft ? 'value' : 'resource'
  const variable = draft ? currentVariable(draft) : undefined
  const { candidates, searcher } = useMentionIndex(sources, maxOptions)
  const query = useMemo(
    () => parseMentionQuery(trigger?.query ?? '', sources),
    [trigger?.query, sources],
  )
  const resourceResult = useMemo(
    () =>
      mode === 'resource' && trigger
        ? searcher(candidates, query)
        : { options: [], total: 0, exact: true, more: false },
    [mode, trigger, candidates, query, searcher],
  )
  const completion = useQuery({
    ...completionOptions(client, draft?.serverId ?? '', {
      template: draft?.template.uriTemplate ?? '',
      argument: { name: variable ?? '', value: trigger?.query ?? '' },
      context: draft ? { ...draft.values } : {},
    }),
    enabled: mode === 'value' && variable !== undefined,
    placeholderData: keepPreviousData,
  })
  const completionValues: CompletionResult['values'] = completion.data?.values ?? []
  const shown: MentionOption[] =
    mode === 'value'
      ? valueOptions(
          completionValues,
          trigger?.query ?? '',
          !!variable && !!draft?.optional.has(variable),
        )
      : resourceResult.options
  const total = mode === 'value' ? shown.length : resourceResult.total
  const open = focused && trigger !== null && !dismissed

  // Each new `@`, query, mode or template variable is a new list: its highlight starts at
  // the first row, which is the row the live region names and Enter picks.
  const navigation = useListNavigation({
    list: { count: shown.length },
    listKey: `${mode} ${trigger?.session} ${draft?.index} ${trigger?.query}`,
    open,
    optionId,
  })
  const activeIndex = Math.max(0, navigation.highlightedIndex)
  const setActiveIndex = navigation.setHighlightedIndex

  useEffect(() => {
    if (!open) return
    editorRef.current?.ownerDocument
      .getElementById(optionDomId(listboxId, activeIndex))
      ?.scrollIntoView({ block: 'nearest' })
  }, [open, activeIndex, listboxId])

  const finish = (next: TemplateDraft) => {
    const el = draftElRef.current
    if (!el) return
    if (isDraftComplete(next)) {
      const mention = draftMention(next, expandTemplate)
      const t = triggerRef.current
      if (t?.draft === el) insertChip(t, mention)
      else el.replaceWith(createChip(el.ownerDocument, mention))
      draftElRef.current = null
      setDraft(null)
    } else {
      updateDraft(el, triggerRef.current, draftText(next))
      setDraft(next)
    }
  }

  const cancelDraft = (keepOpen: boolean) => {
    const el = draftElRef.current
    if (el && draft) replaceDraftWithText(el, triggerRef.current, `@${draft.query}`)
    draftElRef.current = null
    setDraft(null)
    setDismissed(!keepOpen)
    sync()
    emitChange()
  }

  const choose = (index: number) => {
    const option = shown[index]
    const t = triggerRef.current
    if (!option || !t) return
    if (option.kind === 'resource') {
      insertChip(t, { serverId: option.serverId, uri: option.resource.uri, label: option.label })
    } else if (option.kind === 'template') {
      if (draftElRef.current && draft) cancelDraft(true)
      const variables = templateVariables(option.template.uriTemplate)
      const optional = optionalVariables(option.template.uriTemplate)
      const next = startDraft(option.serverId, option.template, variables, t.query, optional)
      if (variables.length === 0) insertChip(t, draftMention(next, expandTemplate))
      else {
        draftElRef.current = insertDraft(t, draftText(next))
        setDraft(next)
      }
    } else if (draft) {
      finish(answerDraft(draft, option.value))
    }
    setDismissed(false)
    sync()
    emitChange()
  }

  const submit = () => {
    const root = editorRef.current
    if (!root) return
    if (draftElRef.current) cancelDraft(false)
    const segments = readSegments(root)
    const meaningful = segments.some((s) => s.type === 'mention' || s.text.trim() !== '')
    if (!meaningful) return
    latest.current.onSubmit?.(segments, serializeMentions(segments))
    root.replaceChildren()
    sync()
    emitChange()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const action = resolveMentionKey({
      key: event.key,
      shiftKey: event.shiftKey,
      isComposing: event.nativeEvent.isComposing,
      open,
      count: shown.length,
      activeIndex,
      mode,
      queryEmpty: (trigger?.query ?? '') === '',
      dismissed: trigger !== null && dismissed,
    })
    if (!action) return
    event.preventDefault()
    switch (action.type) {
      case 'move':
        return setActiveIndex(action.index)
      case 'choose':
        return choose(action.index)
      case 'dismiss':
        return setDismissed(true)
      case 'reopen':
        return setDismissed(false)
      case 'cancelDraft':
        return cancelDraft(false)
      case 'back': {
        if (!draft) return
        const back = backDraft(draft)
        return back ? finish(back) : cancelDraft(true)
      }
      case 'submit':
        return submit()
      case 'ignore':
        return
    }
  }

  const announcement = open
    ? mentionAnnouncement({
        mode,
        options: shown,
        total,
        exact: mode === 'value' || resourceResult.exact,
        draft,
        variable,
        sources,
        query,
      })
    : ''

  return {
    editorRef,
    open,
    mode,
    options: shown,
    total,
    /** More matches exist than the rows shown. */
    more: mode === 'resource' && resourceResult.more,
    /** Whether `total` is exact (a search stops counting past the rows shown). */
    exact: mode === 'value' || resourceResult.exact,
    activeIndex,
    draft,
    variable,
    /** True while completion values for the current variable are being fetched. */
    completing: mode === 'value' && completion.isFetching,
    completionError: mode === 'value' ? completion.error : null,
    announcement,
    /** Servers in scope that are not (yet) listed: connecting, loading, failed. */
    unavailable: sources.filter(
      (src) =>
        src.status !== 'ready' &&
        src.status !== 'empty' &&
        (query.serverId === undefined || src.serverId === query.serverId),
    ),
    listboxId,
    optionId,
    /** Bumped whenever the caret moved (re-measure the popup). */
    caretVersion: trigger?.version ?? 0,
    /** The rectangle the popup is placed at: the `@` of the query, or the draft. */
    anchorRect: (): DOMRect | null => {
      const t = triggerRef.current
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
    /** Insert a mention at the caret (or at the end), e.g. from a side-panel picker. */
    insertMention: (mention: MentionRef) => {
      const root = editorRef.current
      if (!root) return
      const t = triggerRef.current
      if (t && !t.draft) insertChip(t, mention)
      else insertChipAtCaret(root, mention)
      root.focus()
      sync()
      emitChange()
    },
    /** Replace the draft (plain text with mention tokens). */
    setValue: (value: string) => {
      const root = editorRef.current
      if (!root) return
      draftElRef.current = null
      setDraft(null)
      writeSegments(root, parseMentions(value))
      sync()
      emitChange()
    },
    getValue: (): string =>
      editorRef.current ? serializeMentions(readSegments(editorRef.current)) : '',
    ...createMentionPropGetters({
      editorRef,
      open,
      mode,
      listboxId,
      optionId,
      options: shown,
      activeIndex,
      activeDescendant: navigation.activeDescendant,
      onKeyDown,
      onInput: () => {
        setDismissed(false)
        sync()
        emitChange()
      },
      onFocusChange: (focused) => {
        setFocused(focused)
        if (focused) sync()
      },
      setActiveIndex,
      choose,
    }),
  }
}

export type MentionComposerApi = ReturnType<typeof useMentionComposer>
