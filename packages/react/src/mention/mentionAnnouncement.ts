// What the live region says while the popup is open: how many rows match and which one
// is first, so a screen-reader user hears the result of each keystroke.

import { formatCount } from '../collection/formatCount.ts'
import { SERVER_DOWN_TEXT } from '../shared/sourceDown.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import type { MentionOption } from './mentionOptions.ts'
import type { MentionQuery } from './mentionQuery.ts'
import type { TemplateDraft } from './templateDraft.ts'

export interface MentionAnnouncementInput {
  mode: 'resource' | 'value'
  options: readonly MentionOption[]
  total: number
  /** False when `total` only says "more than the rows shown". */
  exact: boolean
  /** Completion values offered (value mode): the count the popup shows too. */
  suggestions: number
  draft: TemplateDraft | null
  variable: string | undefined
  sources: readonly PickerSource[]
  query: MentionQuery
}

export function mentionAnnouncement(input: MentionAnnouncementInput): string {
  const { mode, options, total, exact, suggestions, draft, variable, sources, query } = input
  const first = options[0]
  if (mode === 'value' && draft) {
    const head = `${draft.template.title || draft.template.name}: enter ${variable}.`
    if (!first) return `${head} No suggestions.`
    return `${head} ${plural(suggestions, 'suggestion')}. First: ${first.label}.`
  }
  const scope = query.serverId
    ? ` on ${sources.find((s) => s.serverId === query.serverId)?.serverName ?? query.serverId}`
    : ''
  const inScope = sources.filter((s) => !query.serverId || s.serverId === query.serverId)
  const loading = inScope.some((s) => s.status === 'loading' || s.status === 'connecting')
  // Only failures: a server waiting for sign-in (or reconnecting) is a state the popup shows
  // beside the rows, not news to repeat after every key.
  const failed = inScope.filter((s) => s.status === 'error').length
  const failures = failed ? ` ${plural(failed, 'server')} could not be listed.` : ''
  if (!first) return `No resources${scope}${loading ? ' yet, still loading' : ''}.${failures}`
  const kind = first.kind === 'template' ? 'template' : 'resource'
  const down = first.serverDown ? `, ${SERVER_DOWN_TEXT}` : ''
  const server = 'serverName' in first ? `, ${first.serverName}${down}` : ''
  const count = exact ? plural(total, 'result') : `More than ${plural(options.length, 'result')}`
  return `${count}${scope}. First: ${first.label}, ${kind}${server}.${failures}`
}

function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`
}
