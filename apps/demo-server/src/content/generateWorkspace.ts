import type { Annotations, Resource, Role } from '@modelcontextprotocol/server'
import { type FileSpec, specifyFile } from './fileContent.ts'
import { type FileKind, fileKinds, folderMix, pickExtension } from './fileKinds.ts'
import { createIcons, iconFamilyOf } from './icons.ts'
import { createPrng } from './prng.ts'
import { nouns } from './words.ts'

/** The URI prefix of every workspace entry. */
export const workspaceRoot = 'file:///workspace/'

export interface WorkspaceFolder {
  readonly kind: 'folder'
  /** Relative path with a trailing slash; `''` is the root. */
  readonly path: string
  readonly resource: Resource
}

export interface WorkspaceFile {
  readonly kind: 'file'
  /** Relative path, e.g. `src/fetchUser.ts`. */
  readonly path: string
  readonly fileKind: FileKind
  readonly spec: FileSpec
  readonly resource: Resource
}

export type WorkspaceEntry = WorkspaceFolder | WorkspaceFile

export interface Workspace {
  /** Every static entry (folders and files), sorted by URI. */
  readonly entries: readonly WorkspaceEntry[]
  /** A folder's static children by folder path, sorted by name. */
  readonly children: ReadonlyMap<string, readonly WorkspaceEntry[]>
  /** The folder where {@link liveFile} comes and goes. */
  readonly liveFolder: WorkspaceFolder
  /** A file that is not always there (see liveData.ts); not part of `entries`. */
  readonly liveFile: WorkspaceFile
}

const topFolders = Object.keys(folderMix)
const maxDepth = 4
// Shared between resources (never mutated): 100,000 copies would only feed the GC.
const audiences: Role[][] = [['user', 'assistant'], ['user', 'assistant'], ['assistant'], ['user']]
// Fixed entries: root, the top folders, `live/` and `live/README.md`.
export const fixedWorkspaceEntries = 1 + topFolders.length + 2
const epoch = Date.UTC(2026, 6, 1)

/** Generates `entryCount` folders and files deterministically from `seed`. */
export function generateWorkspace(seed: string, entryCount: number): Workspace {
  if (entryCount < fixedWorkspaceEntries) {
    throw new RangeError(`A workspace needs at least ${fixedWorkspaceEntries} entries`)
  }
  const prng = createPrng(`${seed}|workspace`)
  const icons = createIcons()
  const entries: WorkspaceEntry[] = []
  const names = new Map<string, Set<string>>()
  const annotations = (priority: number): Annotations => ({
    priority: Math.round(priority * 100) / 100,
    audience: prng.pick(audiences),
    lastModified: new Date(epoch - prng.int(0, 365 * 24 * 3600) * 1000).toISOString(),
  })
  const uniqueName = (parent: string, base: string, ext: string) => {
    const taken = names.get(parent) ?? new Set<string>()
    names.set(parent, taken)
    let name = `${base}${ext}`
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}${ext}`
    taken.add(name)
    return name
  }
  const addFolder = (parent: string, base: string, withIcon: boolean): WorkspaceFolder => {
    const name = parent === '' && base === '' ? '' : uniqueName(parent, base, '')
    const path = name === '' ? '' : `${parent}${name}/`
    const folder: WorkspaceFolder = {
      kind: 'folder',
      path,
      resource: {
        uri: `${workspaceRoot}${path}`,
        name: name || 'workspace',
        title: humanize(name || 'workspace'),
        description: `Folder ${path || '/'}`,
        mimeType: 'inode/directory',
        annotations: annotations(0.3 + 0.4 * prng.next()),
        ...(withIcon && { icons: icons.folder }),
      },
    }
    entries.push(folder)
    return folder
  }
  const makeFile = (parent: string, kind: FileKind, base: string): WorkspaceFile => {
    const name = uniqueName(parent, base, `.${kind.ext}`)
    const path = `${parent}${name}`
    const spec = specifyFile(seed, path, kind)
    return {
      kind: 'file',
      path,
      fileKind: kind,
      spec,
      resource: {
        uri: `${workspaceRoot}${path}`,
        name,
        title: humanize(base),
        description: `${kind.label} in ${parent || 'the workspace root'}`,
        mimeType: kind.mimeType,
        size: spec.size,
        annotations: annotations(prng.next()),
        ...(prng.chance(0.1) && { icons: icons[iconFamilyOf(kind.ext)] }),
      },
    }
  }

  addFolder('', '', true)
  const folders = topFolders.map((top) => addFolder('', top, true))
  const liveFolder = addFolder('', 'live', true)
  entries.push(makeFile('live/', fileKinds.get('md')!, 'README'))
  const liveFile = makeFile('live/', fileKinds.get('md')!, 'incoming-note')

  const remaining = entryCount - fixedWorkspaceEntries
  const subfolders = Math.round(remaining / 12)
  // Folders that may still get sub-folders (depth below maxDepth).
  const parents = [...folders]
  for (let index = 0; index < subfolders; index++) {
    const folder = addFolder(prng.pick(parents).path, prng.pick(nouns), false)
    folders.push(folder)
    if (folder.path.split('/').length - 1 < maxDepth) parents.push(folder)
  }
  for (let index = 0; index < remaining - subfolders; index++) {
    const folder = prng.pick(folders)
    const kind = fileKinds.get(pickExtension(prng, folder.path.split('/')[0]!))!
    entries.push(makeFile(folder.path, kind, kind.name(prng)))
  }
  const { sorted, children } = treeOrder(entries)
  return { entries: sorted, children, liveFolder, liveFile }
}

/** The path of the folder that holds `path` (`''` for the root's children). */
export function parentPath(path: string): string {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path
  return trimmed.slice(0, trimmed.lastIndexOf('/') + 1)
}

/**
 * Children lists sorted by URI, and every entry in URI order. Siblings sorted by URI then
 * walked depth-first give the global order: a folder's URI ends in `/`, so its whole
 * subtree sorts exactly where the folder does. This avoids one big sort at start-up.
 */
function treeOrder(entries: readonly WorkspaceEntry[]) {
  const children = new Map<string, WorkspaceEntry[]>()
  for (const entry of entries) {
    if (entry.kind === 'folder' && !children.has(entry.path)) children.set(entry.path, [])
    if (entry.path === '') continue
    const parent = parentPath(entry.path)
    const list = children.get(parent) ?? []
    list.push(entry)
    children.set(parent, list)
  }
  for (const list of children.values()) {
    list.sort((a, b) => (a.resource.uri < b.resource.uri ? -1 : 1))
  }
  const sorted: WorkspaceEntry[] = []
  const visit = (entry: WorkspaceEntry) => {
    sorted.push(entry)
    if (entry.kind === 'folder') for (const child of children.get(entry.path)!) visit(child)
  }
  visit(entries[0]!)
  return { sorted, children }
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
