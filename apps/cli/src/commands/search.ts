// `search QUERY`: every server's resources walked (within --max-pages / --max-items, with
// a progress line on a terminal) and searched together with their templates by
// @resource-kit/search (words in any order), through the
// same searchServers the agent tools use. Prints the best hits: server, URI, title, and why
// each matched. A server that fails is a warning (exit 6); the others are still searched.
// A server that offers no resources (tools only) is skipped with a note, not failed.
import { searchServers } from '@resource-kit/agent'
import { classifyError } from '../classifyError.ts'
import { CliError } from '../cliError.ts'
import type { CommandContext } from '../commandContext.ts'
import { ExitCode } from '../exitCodes.ts'
import { Progress } from '../progress.ts'
import { sanitizeLine } from '../sanitize.ts'
import { renderTable } from '../table.ts'

export async function runSearch(context: CommandContext): Promise<number> {
  const { client, serverIds, options, out } = context
  const query = context.positionals.join(' ')
  const progress = new Progress({ stream: out.stderr, label: 'resources', now: context.now })
  const walked = new Map<string, { pages: number; resources: number }>()
  const result = await searchServers(client, query, {
    servers: serverIds,
    limit: options.limit ?? 10,
    ...(options.maxPages !== undefined && { maxPages: options.maxPages }),
    ...(options.maxItems !== undefined && { maxItems: options.maxItems }),
    signal: context.signal,
    onProgress: ({ server, pages, resources }) => {
      walked.set(server, { pages, resources })
      let allPages = 0
      let allResources = 0
      for (const each of walked.values()) {
        allPages += each.pages
        allResources += each.resources
      }
      progress.update(allPages, allResources)
    },
  })
  progress.done()

  const failed = result.servers.filter((report) => report.error)
  const skipped = result.servers.filter((report) => report.skipped)
  // Nothing to show and nothing searched: the failure is the answer.
  if (failed.length === result.servers.length && failed[0]?.error) {
    throw failed.length === 1
      ? failed[0].error
      : classifyError(failed[0].error, { serverId: failed[0].server })
  }
  if (skipped.length === result.servers.length) {
    throw new CliError(
      `no server offers resources to search (${skipped.map((report) => `"${sanitizeLine(report.server)}"`).join(', ')}: tools only)`,
      ExitCode.unsupported,
      'unsupported',
    )
  }

  if (out.json) {
    out.document({
      query,
      hits: result.hits.map((hit) => {
        const found = hit.kind === 'resource' ? hit.resource : hit.template
        return {
          server: hit.server,
          ...(hit.kind === 'resource'
            ? { uri: hit.resource.uri }
            : { kind: 'template', uriTemplate: hit.template.uriTemplate }),
          name: found.name,
          ...(found.title !== undefined && { title: found.title }),
          ...(found.mimeType !== undefined && { mimeType: found.mimeType }),
          score: hit.score,
          matched: hit.matched,
        }
      }),
      servers: result.servers.map((report) => ({
        server: report.server,
        resources: report.resources,
        templates: report.templates,
        pages: report.pages,
        complete: report.complete,
        ...(report.skipped && { skipped: report.skipped }),
        ...(report.stoppedBy && { stoppedBy: report.stoppedBy }),
        ...(report.error && {
          error: classifyError(report.error, { serverId: report.server }).message,
        }),
      })),
    })
  } else {
    const { cyan, dim, bold } = out.style
    const rows = result.hits.map((hit) => [
      sanitizeLine(hit.server),
      sanitizeLine(hit.kind === 'resource' ? hit.resource.uri : hit.template.uriTemplate),
      hit.kind === 'resource'
        ? sanitizeLine(hit.resource.title ?? hit.resource.name)
        : `template: ${sanitizeLine(hit.template.title ?? hit.template.name)}`,
      hit.matched.map((field) => `${field.field}: ${sanitizeLine(field.snippet)}`).join('; '),
    ])
    const lines = renderTable(rows, [
      { maxWidth: 20, style: bold },
      { maxWidth: 70, style: cyan },
      { maxWidth: 40 },
      { style: dim },
    ])
    for (const line of lines) out.line(line)
    if (result.hits.length === 0) out.note(`(no resources match "${sanitizeLine(query)}")`)
  }

  for (const report of result.servers) {
    if (report.templatesError) {
      out.note(
        `server "${sanitizeLine(report.server)}": templates not searched: ${classifyError(report.templatesError, { serverId: report.server }).message}`,
      )
    }
    if (report.skipped) {
      out.note(`server "${sanitizeLine(report.server)}" offers no resources (tools only): skipped`)
    } else if (report.error) {
      out.warn(
        `not searched fully: ${classifyError(report.error, { serverId: report.server }).message}`,
      )
    } else if (!report.complete) {
      out.note(
        `server "${sanitizeLine(report.server)}": searched the first ${report.resources} resources (${report.pages} pages); raise --max-pages / --max-items to search more`,
      )
    }
  }
  return failed.length > 0 ? ExitCode.incomplete : ExitCode.ok
}
