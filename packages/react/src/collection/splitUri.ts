// Where a URI sits in the tree: a readable group (scheme + authority, or `file:///` + the
// first path segment when there is no authority), the folders under it, and the leaf name.

/** Folders deeper than this are joined into the last one (a hostile URI cannot nest 10,000 levels). */
export const MAX_FOLDER_DEPTH = 32

export interface UriPlace {
  /** The group's key and label: `db://prod`, `file:///workspace`, `urn:`; `''` without a scheme. */
  group: string
  /** Raw (still percent-encoded) folder segments under the group. */
  folders: string[]
  /** Text between the group and its first folder in a URI prefix (`/`, or `''` for opaque URIs). */
  joiner: string
}

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/

/**
 * Splits a URI into its group and folders. A directory is placed *as* its last folder
 * (`file:///a/b/` → folders `a`, `b`); anything else goes *into* it (`file:///a/b.txt` → `a`).
 */
export function splitUri(uri: string, isDirectory: boolean): UriPlace {
  const scheme = SCHEME.exec(uri)
  let rest = scheme ? uri.slice(scheme[0].length) : uri
  const cut = rest.search(/[?#]/)
  if (cut >= 0) rest = rest.slice(0, cut)

  let group: string
  let path: string
  let joiner = '/'
  let hasAuthority = false
  const name = scheme ? (scheme[1] ?? '').toLowerCase() : ''
  if (scheme && rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2)
    const authority = slash < 0 ? rest.slice(2) : rest.slice(2, slash)
    path = slash < 0 ? '' : rest.slice(slash)
    hasAuthority = authority !== ''
    group = `${name}://${authority}`
  } else {
    path = rest
    group = scheme ? `${name}:` : ''
    joiner = ''
  }

  const segments = path.split('/').filter((s) => s !== '')
  const folders = isDirectory ? segments : segments.slice(0, -1)
  // `file:///workspace/x` reads better as group `file:///workspace` than as `file://` › `workspace`.
  if (!hasAuthority && joiner === '/' && folders.length > 0) {
    group = `${group}/${folders.shift()}`
  } else if (!hasAuthority && joiner === '/') {
    group = `${group}/`
  }
  if (folders.length > MAX_FOLDER_DEPTH) {
    const tail = folders.splice(MAX_FOLDER_DEPTH - 1).join('/')
    folders.push(tail)
  }
  return { group, folders, joiner }
}

/** A folder label: the percent-decoded segment (raw when it does not decode). */
export function segmentLabel(segment: string): string {
  if (!segment.includes('%')) return segment
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
