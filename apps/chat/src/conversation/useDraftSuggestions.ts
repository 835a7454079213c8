// What the draft is about, as the user types: @resource-kit/agent's suggester over the
// client's shared lists (the picker already walks them, so typing walks nothing), a quarter
// second after the last key, the previous call aborted. Only strong resource suggestions
// are offered (a template needs filling: the @ popup does that); nothing strong, nothing shown.
import { createResourceSuggester, type ResourceSuggestion } from '@resource-kit/agent'
import type { ResourceClient } from '@resource-kit/client'
import type { MentionRef } from '@resource-kit/react'
import { useEffect, useMemo, useState } from 'react'

/** Ghost chips shown at most. */
const MAX_SUGGESTIONS = 3
/** Typing pause before suggesting. */
const QUIET_MS = 250

export type DraftSuggestion = ResourceSuggestion & { kind: 'resource' }

export function useDraftSuggestions(
  client: ResourceClient,
  /** The draft's plain text (mentions left out). */
  text: string,
  /** What the draft already mentions. */
  attached: readonly MentionRef[],
): DraftSuggestion[] {
  const suggester = useMemo(() => createResourceSuggester(client), [client])
  const [suggestions, setSuggestions] = useState<DraftSuggestion[]>([])
  const attachedKey = attached.map((mention) => `${mention.serverId} ${mention.uri}`).join('\n')
  useEffect(() => {
    const controller = new AbortController()
    const mentioned = attachedKey === '' ? [] : attachedKey.split('\n')
    const timer = setTimeout(() => {
      suggester
        .suggest(text, {
          limit: MAX_SUGGESTIONS,
          audience: 'user',
          attached: mentioned.map((key) => {
            const space = key.indexOf(' ')
            return { server: key.slice(0, space), uri: key.slice(space + 1) }
          }),
          signal: controller.signal,
        })
        .then((result) => {
          setSuggestions(
            result.strong.filter(
              (suggestion): suggestion is DraftSuggestion => suggestion.kind === 'resource',
            ),
          )
        })
        // Aborted by the next key, or a list that failed: no suggestion (the picker shows the failure).
        .catch(() => {})
    }, QUIET_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [suggester, text, attachedKey])
  return text.trim() === '' ? [] : suggestions
}
