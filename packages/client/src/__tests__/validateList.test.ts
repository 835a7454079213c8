import { PIXEL_PNG_BASE64 } from '@resource-kit/test-utils'
import { describe, expect, it } from 'vitest'
import { InvalidContentError } from '../errors.ts'
import { ListValues } from '../listValues.ts'
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

describe('values shared between items', () => {
  const icon = { src: 'https://e.com/a.png', mimeType: 'image/png', sizes: ['48x48'] }
  const item = (i: number, audience: unknown[]) => ({
    uri: `a://${i}`,
    name: `n${i}`,
    mimeType: 'application/json',
    icons: [{ ...icon, sizes: [...icon.sizes] }],
    annotations: { audience, priority: 0.5, lastModified: `2026-01-0${i}T00:00:00Z` },
  })

  it('shares equal audiences, icon sets and MIME types across items and pages, frozen', () => {
    const values = new ListValues()
    const [a, b] = toResourcePage(
      { resources: [item(1, ['assistant']), item(2, ['assistant'])] },
      0,
      's',
      values,
    ).items
    const [c] = toResourcePage({ resources: [item(3, ['assistant'])] }, 0, 's', values).items
    expect(a?.annotations?.audience).toBe(b?.annotations?.audience)
    expect(c?.annotations?.audience).toBe(a?.annotations?.audience)
    expect(a?.icons).toBe(b?.icons)
    expect(c?.icons).toBe(a?.icons)
    // Nobody can change one item through another.
    const audience = a?.annotations?.audience as string[]
    const icons = a?.icons as { src: string; sizes?: string[] }[]
    expect(() => audience.push('user')).toThrow(TypeError)
    expect(() => {
      ;(icons[0] as { src: string }).src = 'https://evil.example/x.png'
    }).toThrow(TypeError)
    expect(() => icons[0]?.sizes?.push('1x1')).toThrow(TypeError)
    expect(() => icons.push({ src: 'https://e.com/b.png' })).toThrow(TypeError)
    expect(Object.isFrozen(audience) && Object.isFrozen(icons)).toBe(true)
    // The per-item annotations stay each item's own.
    expect(a?.annotations).not.toBe(b?.annotations)
    expect(b?.annotations?.lastModified).toBe('2026-01-02T00:00:00Z')
  })

  it('loses nothing: audiences keep their order and repeats, different icon sets stay apart', () => {
    const values = new ListValues()
    const page = toResourcePage(
      {
        resources: [
          item(1, ['user', 'assistant']),
          item(2, ['assistant', 'user']),
          item(3, ['user', 'bogus', 'user']),
          item(4, ['bogus']),
          { ...item(5, ['user']), icons: [{ src: 'https://e.com/a.png', sizes: ['48x48 64x64'] }] },
          {
            ...item(6, ['user']),
            icons: [{ src: 'https://e.com/a.png', sizes: ['48x48', '64x64'] }],
          },
          { uri: 'a://7', name: 'bare' },
        ],
      },
      0,
      's',
      values,
    )
    const audiences = page.items.map((r) => r.annotations?.audience)
    expect(audiences).toEqual([
      ['user', 'assistant'],
      ['assistant', 'user'],
      ['user', 'user'],
      undefined,
      ['user'],
      ['user'],
      undefined,
    ])
    expect(page.items[4]?.icons).toEqual([{ src: 'https://e.com/a.png', sizes: ['48x48 64x64'] }])
    expect(page.items[5]?.icons).toEqual([
      { src: 'https://e.com/a.png', sizes: ['48x48', '64x64'] },
    ])
    // Absent fields are not copied as undefined.
    expect(Object.keys(page.items[6] as object)).toEqual(['uri', 'name'])
    expect(Object.keys(page.items[3]?.annotations as object)).toEqual(['priority', 'lastModified'])
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
