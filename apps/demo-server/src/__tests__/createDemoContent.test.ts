import { describe, expect, it } from 'vitest'
import { compareUris, createDemoContent, minimumCount } from '../content/createDemoContent.ts'
import { renderFile } from '../content/fileContent.ts'

const resources = (seed: number | string, count: number) =>
  createDemoContent({ seed, count }).entries.map((entry) => entry.resource)

describe('createDemoContent', () => {
  it('generates exactly `count` resources with unique URIs, sorted by URI', () => {
    const content = createDemoContent({ count: 1000 })
    const uris = content.entries.map((entry) => entry.resource.uri)
    expect(uris).toHaveLength(1000)
    expect(new Set(uris).size).toBe(1000)
    expect([...uris].sort(compareUris)).toEqual(uris)
  })

  it('is deterministic for a seed and differs between seeds', () => {
    expect(resources(7, 500)).toEqual(resources(7, 500))
    expect(resources('7', 500)).toEqual(resources(7, 500))
    expect(resources(8, 500)).not.toEqual(resources(7, 500))
  })

  it('mixes files, folders, tables, tickets and the log', () => {
    const kinds = new Set(createDemoContent({ count: 2000 }).entries.map((entry) => entry.kind))
    expect(kinds).toEqual(new Set(['file', 'folder', 'table', 'ticket', 'log']))
  })

  it('gives every resource a name, title, MIME type and annotations; files a size; some icons', () => {
    const content = createDemoContent({ count: 2000 })
    const problems = content.entries.flatMap(({ kind, uri, resource }) => {
      const { priority = -1, lastModified = '' } = resource.annotations ?? {}
      const ok =
        resource.uri === uri &&
        resource.name !== '' &&
        Boolean(resource.title) &&
        Boolean(resource.mimeType) &&
        priority >= 0 &&
        priority <= 1 &&
        (kind === 'log' || !Number.isNaN(Date.parse(lastModified))) &&
        (kind !== 'file' || (resource.size ?? 0) > 0) &&
        (kind !== 'folder' || resource.mimeType === 'inode/directory')
      return ok ? [] : [resource]
    })
    expect(problems).toEqual([])
    const withIcons = content.entries.filter((entry) => entry.resource.icons)
    expect(withIcons.length).toBeGreaterThan(0)
    for (const { resource } of withIcons) {
      expect(resource.icons?.[0]?.src).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/)
    }
  })

  it('sizes every file by the bytes its read returns', () => {
    const content = createDemoContent({ count: 600 })
    const files = content.entries.filter((entry) => entry.kind === 'file')
    const mimeTypes = new Set<string>()
    for (const file of files) {
      const body = renderFile(content.seed, file.path, file.fileKind, file.spec)
      const bytes =
        'text' in body ? new TextEncoder().encode(body.text).length : atob(body.blob).length
      expect(bytes, file.path).toBe(file.resource.size)
      if (file.resource.mimeType === 'application/json' && 'text' in body) JSON.parse(body.text)
      mimeTypes.add(file.resource.mimeType!)
    }
    expect(mimeTypes).toContain('image/png')
    expect(mimeTypes).toContain('application/pdf')
    expect(mimeTypes).toContain('text/typescript')
  })

  it('has the production tables, the twice-confirmed one included', () => {
    const content = createDemoContent({ count: minimumCount })
    expect(content.count).toBe(minimumCount)
    for (const table of ['users', 'orders', 'payments']) {
      expect(content.get(`db://prod/${table}`)?.kind).toBe('table')
    }
  })

  it('rejects counts it cannot honour', () => {
    expect(() => createDemoContent({ count: minimumCount - 1 })).toThrow(RangeError)
    expect(() => createDemoContent({ count: 10.5 })).toThrow(RangeError)
  })

  it('handles 100,000 resources', { timeout: 30_000 }, () => {
    const content = createDemoContent({ count: 100_000 })
    expect(content.entries).toHaveLength(100_000)
    expect(new Set(content.entries.map((entry) => entry.uri)).size).toBe(100_000)
    const last = content.entries.at(-1)!
    expect(content.get(last.uri)?.resource.uri).toBe(last.uri)
  })
})
