import { describe, expect, it } from 'vitest'
import { parseMentions } from '../../mention/mentionToken.ts'
import type { MentionRead } from '../../mention/readMentions.ts'
import { contextItemsOf, modelInputText, promptText } from '../modelContext.ts'

const readme = { serverId: 'demo', uri: 'file:///w/README.md', label: 'Readme' }
const logo = { serverId: 'demo', uri: 'file:///w/logo.png', label: 'logo.png' }
const gone = { serverId: 'demo', uri: 'file:///w/gone.md', label: 'gone.md' }

const reads: MentionRead[] = [
  {
    mention: readme,
    status: 'read',
    result: {
      ttlMs: 0,
      cacheScope: 'private',
      contents: [{ uri: readme.uri, mimeType: 'text/markdown', text: '# Hello\nWörld' }],
    },
  },
  {
    mention: logo,
    status: 'read',
    result: {
      ttlMs: 0,
      cacheScope: 'private',
      contents: [{ uri: logo.uri, mimeType: 'image/png', blob: 'iVBORw0KGgo=' }],
    },
  },
  { mention: gone, status: 'error', error: new Error('Resource not found') },
]

describe('modelContext', () => {
  it('keeps text as text, summarizes blobs by type and size, and keeps errors', () => {
    expect(contextItemsOf(reads)).toEqual([
      {
        ...readme,
        status: 'read',
        parts: [
          {
            kind: 'text',
            uri: readme.uri,
            mimeType: 'text/markdown',
            text: '# Hello\nWörld',
            bytes: 14,
            truncated: false,
          },
        ],
        size: { bytes: 14, tokens: 4, hasText: true, hasBlob: false },
      },
      {
        ...logo,
        status: 'read',
        parts: [{ kind: 'blob', uri: logo.uri, mimeType: 'image/png', bytes: 8 }],
        size: { bytes: 8, tokens: 0, hasText: false, hasBlob: true },
      },
      { ...gone, status: 'error', error: 'Resource not found' },
    ])
  })

  it('cuts long text for the stored history and says so', () => {
    const [item] = contextItemsOf([reads[0]!], { maxText: 7 })
    expect(item).toMatchObject({ parts: [{ text: '# Hello', truncated: true, bytes: 14 }] })
  })

  it('writes the model input: the message with @labels, then one block per resource', () => {
    const segments = parseMentions(
      'Compare @[Readme](mcp://demo/file:///w/README.md) and @[logo.png](mcp://demo/file:///w/logo.png)',
    )
    expect(promptText(segments)).toBe('Compare @Readme and @logo.png')
    const input = modelInputText(segments, contextItemsOf(reads))
    expect(input).toBe(
      [
        'Compare @Readme and @logo.png',
        '<resource server="demo" uri="file:///w/README.md" name="Readme">\n# Hello\nWörld\n</resource>',
        '<resource server="demo" uri="file:///w/logo.png" name="logo.png">\n[binary image/png, 8 B: attached as a file, not inlined]\n</resource>',
        '<resource server="demo" uri="file:///w/gone.md" name="gone.md" error="Resource not found" />',
      ].join('\n\n'),
    )
  })

  it('escapes quotes and newlines in attributes', () => {
    const input = modelInputText(
      [],
      [{ serverId: 's"x', uri: 'a\nb', label: '<x>', status: 'error', error: 'e' }],
    )
    expect(input).toContain('server="s&quot;x" uri="a b" name="&lt;x>"')
  })
})
