// How one resource appears in a prompt: a header line with its URI and freshness (what a
// model needs to cite it and to know whether it is current), its parts, and — after the
// section is closed, in the host's voice — the marker saying what was left out. Every
// server string goes through serverText.ts: attributes quoted, the body unable to close
// or open a section.
import type { ContentPart } from './budgetedRead.ts'
import { quoted, sectionBody } from './serverText.ts'
import type { Source } from './types.ts'

export type SectionStatus = 'new' | 'updated' | 'unchanged'

export const SECTION_CLOSE = '</resource>'

export function renderSection(
  source: Source,
  rendered: { parts: readonly ContentPart[]; marker?: string },
  status?: SectionStatus,
): string {
  const attributes = [
    `server=${quoted(source.server)}`,
    `uri=${quoted(source.uri)}`,
    ...(source.lastModified ? [`lastModified=${quoted(source.lastModified)}`] : []),
    `fetchedAt="${source.fetchedAt}"`,
    `fresh="${source.fresh}"`,
    ...(status ? [`status="${status}"`] : []),
  ]
  const body = sectionBody(
    rendered.parts
      .map((part) =>
        part.uri === source.uri ? part.text : `(item ${quoted(part.uri)})\n${part.text}`,
      )
      .join('\n'),
    `\n${SECTION_CLOSE}`,
  )
  const marker = rendered.marker ? `\n${rendered.marker}` : ''
  return `<resource ${attributes.join(' ')}>\n${body}\n${SECTION_CLOSE}${marker}`
}

/** What a text costs in a section body (escapes included). */
export function sectionTextCost(cost: (text: string) => number): (text: string) => number {
  return (text) => cost(sectionBody(text))
}
