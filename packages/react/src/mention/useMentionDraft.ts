// STATE + DOM: the template mention being completed inside the composer. Its variables
// are asked one after the other (`templateDraft.ts` holds the pure steps); this hook
// keeps the draft and its chip in the editor in step: start, answer, go back, descend into
// a folder value, cancel (the `@query` comes back as text).
import type { ResourceTemplate } from '@resource-kit/client'
import { type RefObject, useCallback, useRef, useState } from 'react'
import { describeTemplateVariables } from '../template/templateVariables.ts'
import {
  insertChip,
  insertDraft,
  replaceDraftValue,
  replaceDraftWithText,
  updateDraft,
} from './composerEdits.ts'
import { createChip, type TriggerMatch } from './editorDom.ts'
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

export interface UseMentionDraftOptions {
  /** The DOM position of the query at the caret (from `useMentionTrigger`). */
  triggerRef: RefObject<TriggerMatch | null>
  /** The variables of a URI template, in order. */
  templateVariables: (uriTemplate: string) => string[]
  /** Expands a URI template with values (RFC 6570). */
  expandTemplate: ExpandTemplate
}

/** What `useMentionDraft` returns. */
export interface MentionDraftState {
  /** The template mention being completed, or null. */
  draft: TemplateDraft | null
  /** The variable being asked. */
  variable: string | undefined
  /** Turns the query at the caret into a draft for `template` (a template without variables becomes a chip at once). */
  start: (serverId: string, template: ResourceTemplate) => void
  /** Answers the variable being asked; the last answer turns the draft into a chip. */
  answer: (value: string) => void
  /** Puts `value` (a folder, ending in `/`) as the typed value, so the next segment is asked. */
  descend: (value: string) => void
  /** Goes back one variable; false when the draft was at its first (the caller cancels). */
  back: () => boolean
  /** Puts the original `@query` back as text in place of the draft. */
  cancel: () => void
  /** Forgets the draft without touching the DOM (the editor's content was replaced). */
  clear: () => void
  /** Forgets the draft when its chip is no longer in the editor (the user deleted it). */
  dropIfRemoved: () => void
}

/** Query-parameter variables (`{?x}`, `{&x}`) may stay empty. */
function optionalVariables(uriTemplate: string): Set<string> {
  return new Set(
    describeTemplateVariables(uriTemplate)
      .filter((v) => !v.required)
      .map((v) => v.name),
  )
}

/** The template draft of a composer and its chip in the editor. */
export function useMentionDraft(options: UseMentionDraftOptions): MentionDraftState {
  const { triggerRef } = options
  const latest = useRef(options)
  latest.current = options
  const [draft, setDraft] = useState<TemplateDraft | null>(null)
  const draftRef = useRef<TemplateDraft | null>(null)
  draftRef.current = draft
  const elementRef = useRef<HTMLElement | null>(null)

  const set = useCallback((next: TemplateDraft | null, element: HTMLElement | null) => {
    draftRef.current = next
    elementRef.current = element
    setDraft(next)
  }, [])

  const show = (next: TemplateDraft) => {
    const el = elementRef.current
    if (!el) return
    if (isDraftComplete(next)) {
      const mention = draftMention(next, latest.current.expandTemplate)
      const t = triggerRef.current
      if (t?.draft === el) insertChip(t, mention)
      else el.replaceWith(createChip(el.ownerDocument, mention))
      set(null, null)
    } else {
      updateDraft(el, triggerRef.current, draftText(next))
      set(next, el)
    }
  }

  const cancel = () => {
    const el = elementRef.current
    const current = draftRef.current
    if (el && current) replaceDraftWithText(el, triggerRef.current, `@${current.query}`)
    set(null, null)
  }

  return {
    draft,
    variable: draft ? currentVariable(draft) : undefined,
    start: (serverId, template) => {
      const t = triggerRef.current
      if (!t) return
      if (elementRef.current && draftRef.current) cancel()
      const { templateVariables, expandTemplate } = latest.current
      const variables = templateVariables(template.uriTemplate)
      const optional = optionalVariables(template.uriTemplate)
      const next = startDraft(serverId, template, variables, t.query, optional)
      if (variables.length === 0) insertChip(t, draftMention(next, expandTemplate))
      else set(next, insertDraft(t, draftText(next)))
    },
    answer: (value) => {
      const current = draftRef.current
      if (current) show(answerDraft(current, value))
    },
    descend: (value) => {
      const t = triggerRef.current
      if (t?.draft && t.draft === elementRef.current) replaceDraftValue(t, value)
    },
    back: () => {
      const current = draftRef.current
      const previous = current && backDraft(current)
      if (!previous) return false
      show(previous)
      return true
    },
    cancel,
    clear: () => set(null, null),
    dropIfRemoved: () => {
      if (elementRef.current && !elementRef.current.isConnected) set(null, null)
    },
  }
}
