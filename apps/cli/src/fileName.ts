// A file name for a content item saved into a directory (`read -o DIR`). The name comes
// from the item's URI, which the server chose: it is cut to its last segment and reduced to
// safe characters, so it can never climb out of the directory or hide as a dotfile.

/** The last URI segment as a safe file name, unique among `taken` (which it updates). */
export function safeFileName(uri: string, index: number, taken: Set<string>): string {
  const withoutQuery = uri.replace(/[?#].*$/s, '')
  const last = withoutQuery.split('/').filter(Boolean).pop() ?? ''
  let decoded = last
  try {
    decoded = decodeURIComponent(last)
  } catch {
    // keep it encoded
  }
  const cleaned = decoded
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[.]+/, '')
    .slice(0, 120)
  const base = cleaned === '' || /^[._-]*$/.test(cleaned) ? `content-${index + 1}` : cleaned
  let name = base
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) {
    const dot = base.lastIndexOf('.')
    name = dot > 0 ? `${base.slice(0, dot)}-${n}${base.slice(dot)}` : `${base}-${n}`
  }
  taken.add(name.toLowerCase())
  return name
}
