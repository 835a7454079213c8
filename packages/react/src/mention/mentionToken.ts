// The plain-text form of a draft or message with mentions, so drafts and history can be
// stored as strings and survive a reload:
//
//   see @[Main file](mcp://demo/file:///project/src/main.rs) please
//
// - label: `\`, `[`, `]` are backslash-escaped; CR and LF become `\r` and `\n`.
// - target: `mcp://<server id>/<uri>`, each part percent-encoded only where needed
//   (`%`, brackets, parentheses, `\`, whitespace, controls), so a `)` always ends it.
// - plain text that happens to contain `@[` is written `@\[` (and `@\[` as `@\\[`, …),
//   so no user text can ever be read back as a mention.
import { decodeComponent, encodeComponent } from './percentCodec.ts'

/** The resource a mention points at. */
export interface MentionRef {
  /** Id of the server in the ResourceClient. */
  serverId: string
  /** The resource URI (a template is expanded before it becomes a mention). */
  uri: string
  /** What the chip shows. */
  label: string
}

/** A draft or message split into plain text and mentions. */
export type MentionSegment =
  | { type: 'text'; text: string }
  | { type: 'mention'; mention: MentionRef }

const SCHEME = 'mcp://'

/** One mention as plain text: `@[label](mcp://serverId/uri)`. */
export function formatMentionToken(mention: MentionRef): string {
  const label = mention.label.replace(/[\\[\]\r\n]/g, (c) => LABEL_ESCAPES[c] ?? c)
  const server = encodeComponent(mention.serverId, true)
  return `@[${label}](${SCHEME}${server}/${encodeComponent(mention.uri, false)})`
}

/** Segments to plain text; `parseMentions` reads it back to the same segments. */
export function serializeMentions(segments: readonly MentionSegment[]): string {
  let out = ''
  // Normalized first: `@` and `[` in two adjacent text segments must be escaped too.
  for (const segment of normalizeSegments(segments)) {
    out += segment.type === 'text' ? escapeText(segment.text) : formatMentionToken(segment.mention)
  }
  return out
}

/** Plain text to segments. Never throws: anything that is not a well-formed token stays text. */
export function parseMentions(source: string): MentionSegment[] {
  const segments: MentionSegment[] = []
  let text = ''
  let i = 0
  while (i < source.length) {
    const at = source.indexOf('@', i)
    if (at < 0) break
    text += source.slice(i, at)
    let k = at + 1
    while (source[k] === '\\') k++
    if (k > at + 1 && source[k] === '[') {
      // `@` + n backslashes + `[` stands for `@` + (n - 1) backslashes + `[`.
      text += `@${source.slice(at + 2, k)}[`
      i = k + 1
      continue
    }
    const token = readToken(source, at)
    if (token) {
      if (text) segments.push({ type: 'text', text })
      text = ''
      segments.push({ type: 'mention', mention: token.mention })
      i = token.end
      continue
    }
    text += '@'
    i = at + 1
  }
  text += source.slice(i)
  if (text) segments.push({ type: 'text', text })
  return segments
}

/** Merge adjacent text and drop empty text, the canonical form `parseMentions` returns. */
export function normalizeSegments(segments: readonly MentionSegment[]): MentionSegment[] {
  const out: MentionSegment[] = []
  for (const segment of segments) {
    if (segment.type === 'mention') out.push(segment)
    else if (segment.text) {
      const last = out[out.length - 1]
      if (last?.type === 'text')
        out[out.length - 1] = { type: 'text', text: last.text + segment.text }
      else out.push({ type: 'text', text: segment.text })
    }
  }
  return out
}

/** The mentions of a draft, in order. */
export function mentionsOf(segments: readonly MentionSegment[]): MentionRef[] {
  return segments.flatMap((s) => (s.type === 'mention' ? [s.mention] : []))
}

const LABEL_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '[': '\\[',
  ']': '\\]',
  '\r': '\\r',
  '\n': '\\n',
}
const LABEL_UNESCAPES: Record<string, string> = { '\\': '\\', '[': '[', ']': ']', r: '\r', n: '\n' }

function escapeText(text: string): string {
  return text.replace(/@(\\*)\[/g, '@\\$1[')
}

function readToken(source: string, at: number): { mention: MentionRef; end: number } | null {
  if (source[at + 1] !== '[') return null
  let label = ''
  let j = at + 2
  for (;;) {
    const c = source[j]
    if (c === undefined || c === '[' || c === '\n' || c === '\r') return null
    if (c === ']') break
    if (c === '\\') {
      const unescaped = LABEL_UNESCAPES[source[j + 1] ?? '']
      if (unescaped === undefined) return null
      label += unescaped
      j += 2
      continue
    }
    label += c
    j++
  }
  if (!source.startsWith(`(${SCHEME}`, j + 1)) return null
  const targetStart = j + 2 + SCHEME.length
  const close = source.indexOf(')', targetStart)
  if (close < 0) return null
  const target = source.slice(targetStart, close)
  const slash = target.indexOf('/')
  if (slash < 0) return null
  const serverId = decodeComponent(target.slice(0, slash), true)
  const uri = decodeComponent(target.slice(slash + 1), false)
  if (serverId === null || uri === null) return null
  return { mention: { serverId, uri, label }, end: close + 1 }
}
