import type { Icon, Resource, Role } from '@modelcontextprotocol/server'
import type { FileSpec } from './fileContent.ts'
import type { FileKind } from './fileKinds.ts'

/** The URI prefix of every workspace entry. */
export const workspaceRoot = 'file:///workspace/'
const epoch = Date.UTC(2026, 6, 1)

/** What generation decides about an entry besides its path (drawn once, in a fixed order). */
export interface EntryTraits {
  readonly priority: number
  readonly audience: readonly Role[]
  /** Seconds before 2026-07-01 of the last modification. */
  readonly ageSeconds: number
  readonly icons?: readonly Icon[]
}

export interface WorkspaceFolder {
  readonly kind: 'folder'
  readonly uri: string
  /** Relative path with a trailing slash; `''` is the root. */
  readonly path: string
  /** The MCP resource, built on each access. */
  readonly resource: Resource
}

export interface WorkspaceFile {
  readonly kind: 'file'
  readonly uri: string
  /** Relative path, e.g. `src/fetchUser.ts`. */
  readonly path: string
  readonly fileKind: FileKind
  readonly spec: FileSpec
  /** The MCP resource, built on each access. */
  readonly resource: Resource
}

export type WorkspaceEntry = WorkspaceFolder | WorkspaceFile

// Entries keep only what generation decided and build their Resource when asked: at
// 100,000 entries, eager Resource objects (titles, dates, annotation objects) made most of
// the start-up time and memory, while a listing only ever needs one page of them.

export class FolderEntry implements WorkspaceFolder {
  readonly kind = 'folder'
  readonly uri: string
  constructor(
    readonly path: string,
    private readonly traits: EntryTraits,
  ) {
    this.uri = `${workspaceRoot}${path}`
  }
  get resource(): Resource {
    const name = this.path === '' ? 'workspace' : this.path.slice(0, -1).split('/').at(-1)!
    return {
      uri: this.uri,
      name,
      title: humanize(name),
      description: `Folder ${this.path || '/'}`,
      mimeType: 'inode/directory',
      ...common(this.traits),
    }
  }
}

export class FileEntry implements WorkspaceFile {
  readonly kind = 'file'
  readonly uri: string
  constructor(
    readonly path: string,
    readonly fileKind: FileKind,
    readonly spec: FileSpec,
    /** The name without extension and uniqueness suffix, for the title. */
    private readonly base: string,
    private readonly traits: EntryTraits,
  ) {
    this.uri = `${workspaceRoot}${path}`
  }
  get resource(): Resource {
    const slash = this.path.lastIndexOf('/')
    return {
      uri: this.uri,
      name: this.path.slice(slash + 1),
      title: humanize(this.base),
      description: `${this.fileKind.label} in ${this.path.slice(0, slash + 1) || 'the workspace root'}`,
      mimeType: this.fileKind.mimeType,
      size: this.spec.size,
      ...common(this.traits),
    }
  }
}

function common({
  priority,
  audience,
  ageSeconds,
  icons,
}: EntryTraits): Pick<Resource, 'annotations' | 'icons'> {
  return {
    annotations: {
      priority,
      audience: [...audience],
      lastModified: new Date(epoch - ageSeconds * 1000).toISOString(),
    },
    ...(icons && { icons: icons.map((icon) => ({ ...icon })) }),
  }
}

/** `fetchUser` / `payment-report` / `fetch_user` → `Fetch user` / `Payment report`. */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[-_ ]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase())
  const text = words.join(' ')
  return text ? text[0]!.toUpperCase() + text.slice(1) : name
}
