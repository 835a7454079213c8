import type { Resource } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
import { buildUriTree, type UriTreeNode, uriSegments } from '../uriTree.ts'

const r = (uri: string): Resource => ({ uri, name: uri.split('/').pop() ?? uri })

/** The tree as nested names, resources marked with `*`. */
function shape(nodes: UriTreeNode[]): unknown[] {
  return nodes.map((node) =>
    node.children.length > 0
      ? { [node.name + (node.resources.length ? '*' : '')]: shape(node.children) }
      : node.name + (node.resources.length ? '*' : ''),
  )
}

describe('uriSegments', () => {
  it('splits scheme and authority from path segments', () => {
    expect(uriSegments('file:///project/src/main.rs')).toEqual({
      root: 'file://',
      segments: ['project', 'src', 'main.rs'],
    })
    expect(uriSegments('demo://resource/a/b?x=1#f')).toEqual({
      root: 'demo://resource',
      segments: ['a', 'b?x=1#f'],
    })
    expect(uriSegments('urn:isbn:123')).toEqual({ root: 'urn:', segments: ['isbn:123'] })
    expect(uriSegments('not a uri')).toEqual({ root: '(not a URI)', segments: ['not a uri'] })
  })

  it('caps the depth of a hostile URI', () => {
    const { segments } = uriSegments(`x://h/${'a/'.repeat(10_000)}end`)
    expect(segments).toHaveLength(64)
    expect(segments[63]?.endsWith('/end')).toBe(true)
  })
})

describe('buildUriTree', () => {
  it('groups by path, sorts, and joins single-child folders', () => {
    const tree = buildUriTree([
      r('file:///project/src/lib/b.ts'),
      r('file:///project/src/lib/a.ts'),
      r('file:///project/README.md'),
      r('demo://resource/static/x.md'),
      r('urn:isbn:1'),
    ])
    expect(shape(tree)).toEqual([
      'demo://resource/static/x.md*',
      { 'file:///project': ['README.md*', { 'src/lib': ['a.ts*', 'b.ts*'] }] },
      { 'urn:': ['isbn:1*'] },
    ])
  })

  it('keeps a resource that is also a folder', () => {
    const tree = buildUriTree([r('x://h/dir/'), r('x://h/dir/file')])
    expect(shape(tree)).toEqual([{ 'x://h/dir*': ['file*'] }])
  })

  it('builds 100,000 resources without trouble', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => r(`file:///w/d${i % 100}/f${i}.txt`))
    const [root] = buildUriTree(many)
    expect(root?.name).toBe('file:///w')
    expect(root?.children).toHaveLength(100)
  })
})
