// Why a search hit matched, as text: each matched field with the matched characters
// between «guillemets», cut around the first match when the field is long. Guillemets in
// the field itself are escaped, so a name cannot fake a match.
import { highlightRanges, type SearchMatch } from '@resource-kit/search'

export interface MatchedField {
  field: SearchMatch['key']
  /** The field's text around the match, matched characters in «…». */
  snippet: string
}

const MAX_SNIPPET = 120
const CONTEXT_BEFORE = 30

export function matchedFields(
  item: { name: string; title?: string; uri: string; description?: string },
  matches: readonly SearchMatch[],
): MatchedField[] {
  const fields: MatchedField[] = []
  for (const match of matches) {
    const text = item[match.key]
    if (typeof text !== 'string' || match.ranges.length === 0) continue
    fields.push({ field: match.key, snippet: snippet(text, match.ranges) })
  }
  return fields
}

function snippet(text: string, ranges: readonly (readonly [number, number])[]): string {
  const firstStart = Math.min(...ranges.map((range) => range[0]))
  const from = text.length > MAX_SNIPPET ? Math.max(0, firstStart - CONTEXT_BEFORE) : 0
  const to = Math.min(text.length, from + MAX_SNIPPET)
  const shifted = ranges.map(([start, end]) => [start - from, end - from] as [number, number])
  const marked = highlightRanges(text.slice(from, to), shifted)
    .map((segment) => {
      const shown = unmarked(segment.text)
      return segment.highlighted ? `«${shown}»` : shown
    })
    .join('')
  return `${from > 0 ? '…' : ''}${marked}${to < text.length ? '…' : ''}`
}

/** The server's own guillemets escaped: only the host's mark what matched. */
function unmarked(text: string): string {
  return text.replace(/[«»]/g, (char) => `&#${char.charCodeAt(0)};`)
}
