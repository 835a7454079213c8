// `ls`: one page of resources (or templates with --templates); `--all` walks every page
// (with a progress line on a terminal), bounded by --max-pages / --max-items.
import type { Resource, ResourceTemplate } from '@resource-kit/client'
import { type CommandContext, defaultMaxPages } from '../commandContext.ts'
import { ExitCode } from '../exitCodes.ts'
import { sanitizeLine } from '../sanitize.ts'
import { formatBytes, renderTable } from '../table.ts'
import { walkPages } from '../walk.ts'
import { reportWalk, shellQuote, walkJson } from '../walkReport.ts'

export async function runLs(context: CommandContext): Promise<number> {
  const { client, serverId, options, out } = context
  const templates = options.templates
  const label = templates ? 'templates' : 'resources'
  const walked = options.all || options.maxPages !== undefined || options.maxItems !== undefined
  const walk = await walkPages<Resource | ResourceTemplate>(
    (cursor, { maxPages }) =>
      templates
        ? client.templatePages(serverId, { cursor, maxPages, signal: context.signal })
        : client.resourcePages(serverId, { cursor, maxPages, signal: context.signal }),
    {
      cursor: options.cursor,
      maxPages: walked ? (options.maxPages ?? (options.all ? defaultMaxPages : undefined)) : 1,
      maxItems: options.maxItems,
      signal: context.signal,
      progressStream: walked ? out.stderr : undefined,
      label,
      now: context.now,
    },
  )
  if (walk.pages === 0 && walk.error) throw walk.error

  if (out.json) {
    out.document({ server: serverId, kind: label, items: walk.items, ...walkJson(walk) })
    return walked || walk.stoppedBy !== 'maxPages'
      ? reportWalk(out, walk, label, serverId)
      : ExitCode.ok
  }
  const rows = templates
    ? (walk.items as ResourceTemplate[]).map(templateRow)
    : (walk.items as Resource[]).map(resourceRow)
  const { cyan, dim } = out.style
  const lines = renderTable(rows, [
    { maxWidth: 60, style: cyan },
    { maxWidth: 40 },
    { maxWidth: 30, style: dim },
    { style: dim },
  ])
  for (const line of lines) out.line(line)
  if (walk.items.length === 0) out.note(`(no ${label})`)
  if (!walked && walk.stoppedBy === 'maxPages' && walk.nextCursor !== undefined) {
    // One page was asked for; that there are more is news, not a warning.
    out.note(
      `more ${label}: next page with --cursor ${shellQuote(walk.nextCursor)}, or every page with --all`,
    )
    return ExitCode.ok
  }
  return reportWalk(out, walk, label, serverId)
}

function resourceRow(resource: Resource): string[] {
  const display = resource.title ?? resource.name
  return [
    sanitizeLine(resource.uri),
    sanitizeLine(display),
    sanitizeLine(resource.mimeType ?? ''),
    typeof resource.size === 'number' ? formatBytes(resource.size) : '',
  ]
}

function templateRow(template: ResourceTemplate): string[] {
  return [
    sanitizeLine(template.uriTemplate),
    sanitizeLine(template.title ?? template.name),
    sanitizeLine(template.mimeType ?? ''),
  ]
}
