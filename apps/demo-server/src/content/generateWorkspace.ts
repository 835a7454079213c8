import type { Role } from '@modelcontextprotocol/server'
import { createPrng } from '@resource-kit/test-utils/prng'
import { specifyFile } from './fileContent.ts'
import { type FileKind, fileKinds, folderMix, pickExtension } from './fileKinds.ts'
import { createIcons, iconFamilyOf } from './icons.ts'
import { nouns } from './words.ts'
import {
  type EntryTraits,
  FileEntry,
  FolderEntry,
  type WorkspaceEntry,
  type WorkspaceFile,
  type WorkspaceFolder,
} from './workspaceEntries.ts'

export {
  humanize,
  type WorkspaceEntry,
  type WorkspaceFile,
  type WorkspaceFolder,
  workspaceRoot,
} from './workspaceEntries.ts'

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
const audiences: Role[][] = [['user', 'assistant'], ['user', 'assistant'], ['assistant'], ['user']]
// Fixed entries: root, the top folders, `live/` and `live/README.md`.
export const fixedWorkspaceEntries = 1 + topFolders.length + 2

/** Generates `entryCount` folders and files deterministically from `seed`. */
export function generateWorkspace(seed: string, entryCount: number): Workspace {
  if (entryCount < fixedWorkspaceEntries) {
    throw new RangeError(`A workspace needs at least ${fixedWorkspaceEntries} entries`)
  }
  const prng = createPrng(`${seed}|workspace`)
  const icons = createIcons()
  const entries: WorkspaceEntry[] = []
  const names = new Map<string, Set<string>>()
  const traits = (priority: number, iconSet?: EntryTraits['icons']): EntryTraits => ({
    priority: Math.round(priority * 100) / 100,
    audience: prng.pick(audiences),
    ageSeconds: prng.int(0, 365 * 24 * 3600),
    ...(iconSet && { icons: iconSet }),
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
    const folder = new FolderEntry(
      path,
      traits(0.3 + 0.4 * prng.next(), withIcon ? icons.folder : undefined),
    )
    entries.push(folder)
    return folder
  }
  const makeFile = (parent: string, kind: FileKind, base: string): WorkspaceFile => {
    const name = uniqueName(parent, base, `.${kind.ext}`)
    const path = `${parent}${name}`
    const spec = specifyFile(seed, path, kind)
    const plain = traits(prng.next())
    const withIcon = prng.chance(0.1) ? { ...plain, icons: icons[iconFamilyOf(kind.ext)] } : plain
    return new FileEntry(path, kind, spec, base, withIcon)
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
    const top = folder.path.slice(0, folder.path.indexOf('/'))
    const kind = fileKinds.get(pickExtension(prng, top))!
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
    list.sort((a, b) => (a.uri < b.uri ? -1 : 1))
  }
  const sorted: WorkspaceEntry[] = []
  const visit = (entry: WorkspaceEntry) => {
    sorted.push(entry)
    if (entry.kind === 'folder') for (const child of children.get(entry.path)!) visit(child)
  }
  visit(entries[0]!)
  return { sorted, children }
}
