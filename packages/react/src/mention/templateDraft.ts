// STATE: a template mention being completed inside the composer. Its variables are asked
// one after the other; each answer is kept, and the last one turns the draft into a
// mention of the expanded URI.
import type { ResourceTemplate } from '@resource-kit/client'
import type { MentionRef } from './mentionToken.ts'

export interface TemplateDraft {
  serverId: string
  template: ResourceTemplate
  /** The template's variables, in order of appearance. */
  variables: readonly string[]
  /** Variables that may stay empty (query parameters such as `{?page}`). */
  optional: ReadonlySet<string>
  /** Values chosen so far, one per variable before `index`. */
  values: Readonly<Record<string, string>>
  /** The variable being asked. */
  index: number
  /** What the `@` query was, restored when the draft is cancelled. */
  query: string
}

/** Expands a template with values (RFC 6570); injected so the URI rules live in one place. */
export type ExpandTemplate = (
  uriTemplate: string,
  values: Readonly<Record<string, string>>,
) => string

/** A fresh draft for `template`, asking `variables` in order. */
export function startDraft(
  serverId: string,
  template: ResourceTemplate,
  variables: readonly string[],
  query: string,
  optional: ReadonlySet<string> = new Set(),
): TemplateDraft {
  return { serverId, template, variables, optional, values: {}, index: 0, query }
}

/** The variable being asked (undefined once every variable has a value). */
export function currentVariable(draft: TemplateDraft): string | undefined {
  return draft.variables[draft.index]
}

/** The draft after answering the current variable. */
export function answerDraft(draft: TemplateDraft, value: string): TemplateDraft {
  const name = currentVariable(draft)
  if (name === undefined) return draft
  return { ...draft, values: { ...draft.values, [name]: value }, index: draft.index + 1 }
}

/** The draft one variable back (null when it was at the first: cancel it). */
export function backDraft(draft: TemplateDraft): TemplateDraft | null {
  if (draft.index === 0) return null
  const values = { ...draft.values }
  const previous = draft.variables[draft.index - 1]
  if (previous !== undefined) delete values[previous]
  return { ...draft, values, index: draft.index - 1 }
}

/** True when every variable has a value. */
export function isDraftComplete(draft: TemplateDraft): boolean {
  return draft.index >= draft.variables.length
}

/** What the draft chip shows: `@Label › a: 1 › b: ` (the last part is being asked). */
export function draftText(draft: TemplateDraft): string {
  const parts = [`@${templateLabel(draft.template)}`]
  draft.variables.forEach((name, i) => {
    if (i < draft.index) parts.push(`${name}: ${draft.values[name]}`)
    else if (i === draft.index) parts.push(`${name}: `)
  })
  return parts.join(' › ')
}

/** The finished mention: the expanded URI, labelled with the template and its values. */
export function draftMention(draft: TemplateDraft, expand: ExpandTemplate): MentionRef {
  const values = draft.variables.map((v) => draft.values[v] ?? '').filter(Boolean)
  const label = values.length
    ? `${templateLabel(draft.template)}: ${values.join(' / ')}`
    : templateLabel(draft.template)
  return {
    serverId: draft.serverId,
    // A skipped (optional) variable is left out, not expanded as an empty value.
    uri: expand(
      draft.template.uriTemplate,
      Object.fromEntries(Object.entries(draft.values).filter(([, v]) => v !== '')),
    ),
    label,
  }
}

function templateLabel(template: ResourceTemplate): string {
  return template.title || template.name
}
