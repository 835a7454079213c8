// The data every fixture server serves: generated resources, templates, and the
// contents of reads. Shared by the v2 fixture and the legacy (sdk 1.x) fixture.

export interface FixtureResource {
  uri: string
  name: string
  title?: string
  mimeType?: string
  description?: string
}

export interface FixtureContents {
  uri: string
  mimeType?: string
  text?: string
  blob?: string
}

/** `fixture://r/{i}` for i in 0…count-1, zero-padded so they sort. */
export function generateResources(count: number): FixtureResource[] {
  const width = String(Math.max(count - 1, 0)).length
  return Array.from({ length: count }, (_, i) => {
    const id = String(i).padStart(width, '0')
    return {
      uri: `fixture://r/${id}`,
      name: `resource-${id}.txt`,
      title: `Resource ${id}`,
      mimeType: 'text/plain',
    }
  })
}

/** Resources every fixture also lists, beside the generated ones. */
export const SPECIAL_RESOURCES: FixtureResource[] = [
  { uri: 'fixture://blob/pixel', name: 'pixel.png', mimeType: 'image/png' },
  { uri: 'fixture://dir/', name: 'dir', mimeType: 'inode/directory' },
  { uri: 'fixture://empty', name: 'empty.txt', mimeType: 'text/plain' },
]

/** A 1×1 transparent PNG. */
export const PIXEL_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

export const TEMPLATES = [
  {
    uriTemplate: 'fixture://r/{id}',
    name: 'resource-by-id',
    title: 'Resource by id',
    mimeType: 'text/plain',
  },
  {
    uriTemplate: 'fixture://users/{owner}/repos/{repo}',
    name: 'repo',
    title: 'A user repository',
  },
]

export const OWNERS = ['alice', 'albert', 'bob', 'carol']
export const REPOS: Record<string, string[]> = {
  alice: ['alpha', 'alpine', 'atlas'],
  albert: ['anvil'],
  bob: ['beta', 'bravo'],
  carol: ['cello'],
}

/** Completion values for a template argument, filtered by prefix (and by `owner` for repos). */
export function completeArgument(
  template: string,
  name: string,
  value: string,
  context: Record<string, string> | undefined,
  ids: string[],
): { values: string[]; total: number; hasMore: boolean } {
  let all: string[] = []
  if (template === 'fixture://r/{id}' && name === 'id') all = ids
  if (template === 'fixture://users/{owner}/repos/{repo}') {
    if (name === 'owner') all = OWNERS
    if (name === 'repo') {
      const owner = context?.owner
      all = owner ? (REPOS[owner] ?? []) : Object.values(REPOS).flat()
    }
  }
  const matching = all.filter((candidate) => candidate.startsWith(value))
  return { values: matching.slice(0, 100), total: matching.length, hasMore: matching.length > 100 }
}

/** The contents of a read, or undefined when the URI names nothing. */
export function readContents(
  uri: string,
  resources: readonly FixtureResource[],
  texts: ReadonlyMap<string, string>,
): FixtureContents[] | undefined {
  if (uri === 'fixture://blob/pixel') {
    return [{ uri, mimeType: 'image/png', blob: PIXEL_PNG_BASE64 }]
  }
  if (uri === 'fixture://dir/') {
    return ['a.txt', 'b.txt', 'c.txt'].map((file) => ({
      uri: `fixture://dir/${file}`,
      mimeType: 'text/plain',
      text: `file ${file}`,
    }))
  }
  if (uri === 'fixture://empty') return []
  const repo = /^fixture:\/\/users\/([^/]+)\/repos\/([^/]+)$/.exec(uri)
  if (repo && REPOS[repo[1] ?? '']?.includes(repo[2] ?? '')) {
    return [{ uri, mimeType: 'text/plain', text: `repo ${repo[1]}/${repo[2]}` }]
  }
  const resource = resources.find((candidate) => candidate.uri === uri)
  if (!resource) return undefined
  return [{ uri, mimeType: 'text/plain', text: texts.get(uri) ?? `Contents of ${resource.name}` }]
}

/** Opaque page cursors: base64 of the offset and a generation (bumped to expire every cursor). */
export function encodeCursor(offset: number, generation = 0): string {
  return Buffer.from(`offset:${offset}:${generation}`).toString('base64')
}

export function decodeCursor(cursor: string, generation = 0): number | undefined {
  const match = /^offset:(\d+):(\d+)$/.exec(Buffer.from(cursor, 'base64').toString())
  return match && Number(match[2]) === generation ? Number(match[1]) : undefined
}
