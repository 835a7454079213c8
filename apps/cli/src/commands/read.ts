// `read URI`: text to stdout (as is into a pipe, sanitized on a terminal); blobs saved with
// `-o FILE` (or `-o -` for raw bytes on stdout), else summarized; several contents are
// shown in turn under a heading each (`-o DIR` saves each into the directory).
import { mkdir, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ResourceContents } from '@resource-kit/client'
import { UsageError } from '../cliError.ts'
import type { CommandContext } from '../commandContext.ts'
import { ExitCode } from '../exitCodes.ts'
import { safeFileName } from '../fileName.ts'
import { sanitizeBlock, sanitizeLine } from '../sanitize.ts'
import { formatBytes } from '../table.ts'

interface Saved {
  content: ResourceContents
  bytes: number
  savedTo?: string
}

export async function runRead(context: CommandContext): Promise<number> {
  const { client, serverId, options, out } = context
  const uri = context.positionals[0] as string
  const result = await client.read(serverId, uri, {
    signal: context.signal,
    maxBytes: options.maxBytes,
  })
  const contents = result.contents
  const saved: Saved[] =
    options.output !== undefined && options.output !== '-'
      ? await save(contents, options.output)
      : contents.map((content) => ({ content, bytes: byteLength(content) }))

  if (out.json) {
    out.document({
      server: serverId,
      uri,
      ttlMs: result.ttlMs,
      cacheScope: result.cacheScope,
      contents: saved.map(({ content, bytes, savedTo }) => ({
        uri: content.uri,
        ...(content.mimeType !== undefined && { mimeType: content.mimeType }),
        kind: 'text' in content ? 'text' : 'blob',
        bytes,
        ...(savedTo !== undefined
          ? { savedTo }
          : 'text' in content
            ? { text: content.text }
            : { blob: content.blob }),
      })),
    })
    return ExitCode.ok
  }
  if (contents.length === 0) {
    out.note(`(empty: ${sanitizeLine(uri)} exists but has no contents)`)
    return ExitCode.ok
  }
  if (options.output === '-') {
    for (const content of contents)
      out.write('text' in content ? content.text : Buffer.from(content.blob, 'base64'))
    return ExitCode.ok
  }
  const many = contents.length > 1
  for (const { content, bytes, savedTo } of saved) {
    const type = content.mimeType ? ` ${sanitizeLine(content.mimeType)}` : ''
    if (savedTo !== undefined) {
      out.note(`saved ${sanitizeLine(content.uri)}${type} (${formatBytes(bytes)}) to ${savedTo}`)
      continue
    }
    if (many) out.line(out.style.bold(`── ${sanitizeLine(content.uri)}${type} ──`))
    if ('text' in content) {
      writeText(context, content.text, many)
    } else {
      // Under a heading the URI and type are already shown.
      const what = many ? '' : ` ${sanitizeLine(content.uri)}${type},`
      out.line(
        `${out.style.dim('[binary]')}${what} ${formatBytes(bytes)} ${out.style.dim('— save it with -o FILE, or -o - for raw bytes')}`,
      )
    }
  }
  return ExitCode.ok
}

function writeText({ out }: CommandContext, text: string, many: boolean): void {
  if (!out.stdoutIsTTY) {
    // Into a pipe or file, the text goes as the server sent it: byte for byte (only the
    // heading of the next content must start on a line of its own).
    out.write(many && !text.endsWith('\n') ? `${text}\n` : text)
    return
  }
  const safe = sanitizeBlock(text)
  out.write(safe.endsWith('\n') ? safe : `${safe}\n`)
}

async function save(contents: ResourceContents[], target: string): Promise<Saved[]> {
  const isDir =
    target.endsWith('/') ||
    (await stat(target).then(
      (s) => s.isDirectory(),
      () => false,
    ))
  if (!isDir && contents.length > 1) {
    throw new UsageError(
      `the read returned ${contents.length} contents: give -o a directory (ending in /) to save each`,
    )
  }
  if (isDir) await mkdir(target, { recursive: true })
  const taken = new Set<string>()
  const saved: Saved[] = []
  for (const [index, content] of contents.entries()) {
    const path = isDir ? join(target, safeFileName(content.uri, index, taken)) : target
    const data =
      'text' in content ? Buffer.from(content.text, 'utf8') : Buffer.from(content.blob, 'base64')
    await writeFile(path, data)
    saved.push({ content, bytes: data.byteLength, savedTo: path })
  }
  return saved
}

function byteLength(content: ResourceContents): number {
  return 'text' in content
    ? Buffer.byteLength(content.text, 'utf8')
    : Buffer.from(content.blob, 'base64').byteLength
}
