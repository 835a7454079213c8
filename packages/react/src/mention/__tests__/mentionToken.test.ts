import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  formatMentionToken,
  type MentionSegment,
  mentionsOf,
  normalizeSegments,
  parseMentions,
  serializeMentions,
} from '../mentionToken.ts'

// Strings full of the characters the format has to escape, plus anything at all.
const tricky = fc.oneof(
  fc.string({
    unit: fc.constantFrom('@', '[', ']', '(', ')', '\\', '%', '/', '\n', '\r', ' ', 'a', 'u'),
  }),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
)
const mention = fc.record({ serverId: tricky, uri: tricky, label: tricky })
const segment: fc.Arbitrary<MentionSegment> = fc.oneof(
  fc.record({ type: fc.constant('text' as const), text: tricky }),
  fc.record({ type: fc.constant('mention' as const), mention }),
)

describe('mentionToken', () => {
  it('writes a readable token and reads it back', () => {
    const ref = { serverId: 'demo', uri: 'file:///project/src/main.rs', label: 'main.rs' }
    const text = serializeMentions([
      { type: 'text', text: 'look at ' },
      { type: 'mention', mention: ref },
      { type: 'text', text: ' please' },
    ])
    expect(text).toBe('look at @[main.rs](mcp://demo/file:///project/src/main.rs) please')
    expect(mentionsOf(parseMentions(text))).toEqual([ref])
  })

  it('escapes brackets, parentheses, newlines and slashes where they would end the token', () => {
    const token = formatMentionToken({
      serverId: 'a/b',
      uri: 'x://p (1)/[2] %\nz',
      label: 'a [b] (c)\nd\\',
    })
    expect(token).toBe('@[a \\[b\\] (c)\\nd\\\\](mcp://a%2Fb/x://p%20%281%29/%5B2%5D%20%25%0Az)')
    expect(token).not.toContain('\n')
  })

  it('never reads user text as a mention', () => {
    const typed = 'not a mention: @[x](mcp://demo/file:///a) and @\\[y]'
    const text = serializeMentions([{ type: 'text', text: typed }])
    expect(parseMentions(text)).toEqual([{ type: 'text', text: typed }])
  })

  it('round-trips any segments (property)', () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (segments) => {
        expect(parseMentions(serializeMentions(segments))).toEqual(normalizeSegments(segments))
      }),
      { numRuns: 1000 },
    )
  })

  it('never throws on arbitrary text, and what it reads serializes stably (property)', () => {
    fc.assert(
      fc.property(tricky, (source) => {
        const once = serializeMentions(parseMentions(source))
        expect(serializeMentions(parseMentions(once))).toBe(once)
      }),
      { numRuns: 1000 },
    )
  })

  it('keeps malformed tokens as text', () => {
    for (const source of [
      '@[a](mcp://demo)',
      '@[a](http://demo/x)',
      '@[a\nb](mcp://demo/x)',
      '@[a](mcp://demo/x y)',
      '@[a](mcp://demo/%ZZ)',
      '@[a](mcp://demo/%FF)',
      '@[a](mcp://demo/x',
    ]) {
      expect(parseMentions(source)).toEqual([{ type: 'text', text: source }])
    }
  })
})
