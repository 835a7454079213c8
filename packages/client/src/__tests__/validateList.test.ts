import { PIXEL_PNG_BASE64 } from '@resource-kit/test-utils'
import { describe, expect, it } from 'vitest'
import { InvalidContentError } from '../errors.ts'
import { toResourcePage, toTemplatePage } from '../validateList.ts'

describe('toResourcePage', () => {
  it('keeps well-formed resources, drops malformed ones, and keeps the cursor', () => {
    const page = toResourcePage(
      {
        resources: [
          { uri: 'a://1', name: 'one', title: 'One', size: 3, extra: 'dropped' },
          { uri: 'a://2' },
          'junk',
          { uri: 'a://3', name: 'three', title: 42 },
        ],
        nextCursor: '',
        ttlMs: 10,
      },
      0,
    )
    expect(page).toEqual({
      items: [
        { uri: 'a://1', name: 'one', title: 'One', size: 3 },
        { uri: 'a://3', name: 'three' },
      ],
      nextCursor: '',
      ttlMs: 10,
      cacheScope: 'private',
    })
  })

  it('keeps icons only from https: and raster data:image/ sources (the one icon policy)', () => {
    const page = toResourcePage(
      {
        resources: [
          {
            uri: 'a://1',
            name: 'one',
            icons: [
              { src: 'https://e.com/a.png', sizes: ['48x48'] },
              { src: 'javascript:alert(1)' },
              { src: `data:image/png;base64,${PIXEL_PNG_BASE64}` },
              { src: 'data:image/png;base64,AAAA' },
              { src: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' },
              { src: 'data:text/html,<script>' },
              { src: 'http://e.com/a.png' },
            ],
          },
        ],
      },
      0,
    )
    expect(page.items[0]?.icons).toEqual([
      { src: 'https://e.com/a.png', sizes: ['48x48'] },
      { src: `data:image/png;base64,${PIXEL_PNG_BASE64}` },
    ])
  })

  it('rejects a page without its array or with a non-string cursor', () => {
    expect(() => toResourcePage({}, 0, 'srv')).toThrow(InvalidContentError)
    expect(() => toResourcePage({ resources: [], nextCursor: 3 }, 0)).toThrow(/nextCursor/)
  })
})

describe('toTemplatePage', () => {
  it('reads templates and applies the default TTL when ttlMs is absent', () => {
    const page = toTemplatePage({ resourceTemplates: [{ uriTemplate: 'a://{x}', name: 'x' }] }, 500)
    expect(page).toEqual({
      items: [{ uriTemplate: 'a://{x}', name: 'x' }],
      ttlMs: 500,
      cacheScope: 'private',
    })
  })
})
