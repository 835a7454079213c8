// Which icon a resource gets, from its MIME type first, then its URI (scheme, extension).
// The kinds match the `data-icon` values the default theme draws.

/** An icon kind (the row's `data-icon`). */
export type MimeIconKind =
  | 'folder'
  | 'text'
  | 'code'
  | 'markdown'
  | 'json'
  | 'image'
  | 'audio'
  | 'video'
  | 'pdf'
  | 'archive'
  | 'binary'
  | 'database'
  | 'ticket'
  | 'log'
  | 'template'
  | 'server'

const DATABASE_SCHEMES = new Set([
  'db',
  'sql',
  'postgres',
  'postgresql',
  'mysql',
  'sqlite',
  'mongodb',
  'redis',
])
const TICKET_SCHEMES = new Set(['ticket', 'tickets', 'issue', 'issues', 'jira', 'linear'])
const CODE_MIMES =
  /^(?:text\/(?:x-|javascript|typescript|css|html|xml|jsx|tsx)|application\/(?:javascript|typescript|x-sh|x-python|xml|sql|x-httpd-php))/
const ARCHIVE_MIMES =
  /^application\/(?:zip|gzip|x-tar|x-7z-compressed|x-bzip2|x-xz|x-rar-compressed|vnd\.rar)$/

const TEXT_APPLICATION = /^application\/(?:x-)?(?:yaml|toml)$/

const EXTENSIONS: readonly (readonly [MimeIconKind, string])[] = [
  ['markdown', 'md mdx markdown'],
  ['json', 'json jsonl ndjson geojson'],
  ['image', 'png jpg jpeg gif webp svg ico bmp avif'],
  ['audio', 'mp3 wav ogg flac m4a'],
  ['video', 'mp4 webm mov mkv'],
  ['pdf', 'pdf'],
  ['archive', 'zip gz tgz tar 7z rar xz'],
  ['log', 'log'],
  ['text', 'txt csv tsv rst ini cfg toml yaml yml env'],
  [
    'code',
    'ts tsx js jsx mjs cjs py rb go rs java kt c h cpp hpp cs swift php sh bash sql html css scss xml vue svelte lua',
  ],
  ['database', 'db sqlite sqlite3'],
  ['binary', 'exe bin so dll wasm dylib'],
]

// Built once, never written to afterwards.
const BY_EXTENSION: ReadonlyMap<string, MimeIconKind> = new Map(
  EXTENSIONS.flatMap(([kind, list]) => list.split(' ').map((ext) => [ext, kind] as const)),
)

function fromMime(mime: string): MimeIconKind | undefined {
  if (mime === 'inode/directory') return 'folder'
  if (mime === 'text/markdown' || mime === 'text/x-markdown') return 'markdown'
  if (mime === 'application/json' || mime.endsWith('+json') || mime === 'application/x-ndjson') {
    return 'json'
  }
  if (mime === 'application/pdf') return 'pdf'
  if (mime.startsWith('image/')) return 'image'
  if (mime.startsWith('audio/')) return 'audio'
  if (mime.startsWith('video/')) return 'video'
  if (mime === 'text/x-log') return 'log'
  if (ARCHIVE_MIMES.test(mime)) return 'archive'
  if (TEXT_APPLICATION.test(mime)) return 'text'
  if (CODE_MIMES.test(mime)) return 'code'
  if (mime.startsWith('text/')) return 'text'
  if (mime === 'application/octet-stream') return undefined // the extension may say more
  if (mime.startsWith('application/')) return 'binary'
  return undefined
}

/** The icon kind for a resource; `text` when nothing tells. Never throws on odd input. */
export function mimeIcon(mimeType: unknown, uri?: unknown): MimeIconKind {
  const mime =
    typeof mimeType === 'string' ? (mimeType.split(';')[0] ?? '').trim().toLowerCase() : ''
  const byMime = mime === '' ? undefined : fromMime(mime)
  if (byMime) return byMime
  if (typeof uri === 'string') {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(uri)?.[1]?.toLowerCase()
    if (scheme && DATABASE_SCHEMES.has(scheme)) return 'database'
    if (scheme && TICKET_SCHEMES.has(scheme)) return 'ticket'
    const path = uri.split(/[?#]/, 1)[0] ?? ''
    if (path.endsWith('/')) return 'folder'
    const name = path.slice(path.lastIndexOf('/') + 1)
    const dot = name.lastIndexOf('.')
    if (dot > 0 || (dot === 0 && name.length > 1)) {
      const kind = BY_EXTENSION.get(name.slice(dot + 1).toLowerCase())
      if (kind) return kind
    }
  }
  return mime === 'application/octet-stream' ? 'binary' : 'text'
}
