// How one resource appears in a prompt: a header line with its URI and freshness (what a
// model needs to cite it and to know whether it is current), then its parts.
import type { ContentPart } from './budgetedRead.ts'
import type { Source } from './types.ts'

export type SectionStatus = 'new' | 'updated' | 'unchanged'

export function renderSection(
  source: Source,
  parts: readonly ContentPart[],
  status?: SectionStatus,
): string {
  const attributes = [
    `server="${attribute(source.server)}"`,
    `uri="${attribute(source.uri)}"`,
    ...(source.lastModified ? [`lastModified="${attribute(source.lastModified)}"`] : []),
    `fetchedAt="${source.fetchedAt}"`,
    `fresh="${source.fresh}"`,
    ...(status ? [`status="${status}"`] : []),
  ]
  const body = parts
    .map((part) => (part.uri === source.uri ? part.text : `(${part.uri})\n${part.text}`))
    .join('\n')
    // A resource cannot close its own section and pose as the host.
    .replace(/<\/resource/gi, '<\\/resource')
  return `<resource ${attributes.join(' ')}>\n${body}\n</resource>`
}

/** Server strings go into a quoted attribute: quotes, angle brackets and line breaks escaped. */
function attribute(value: string): string {
  return value.replace(/[&"<>\r\n]/g, (char) => `&#${char.charCodeAt(0)};`)
}
