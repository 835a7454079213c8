// What the tools share (the client, names, clock, the budgeted read, the error boundary),
// and how a read and a listed resource look to the model.
import type { Resource, ResourceClient, ResourceTemplate } from '@resource-kit/client'
import { templateVariables } from '@resource-kit/client'
import type { BudgetedRead, ReadPosition } from './budgetedRead.ts'
import type { ToolNames } from './toolError.ts'
import type { Input } from './toolInput.ts'
import type { ToolResult } from './types.ts'

/** What the tools share: the client, the resolved options, and the read helper. */
export interface ToolKit {
  client: ResourceClient
  names: ToolNames
  now: () => number
  /** The server to use: the given one (if allowed), or the only one. */
  pickServer(input: Input): string
  read(
    server: string,
    uri: string,
    start: ReadPosition,
    signal?: AbortSignal,
    /** Fields the tool result carries besides the read (`readResult`'s): priced in the budget. */
    extra?: Record<string, unknown>,
  ): Promise<BudgetedRead>
  /** Runs a tool body; whatever it throws becomes a result. */
  run(
    scope: { server?: string; uri?: string },
    body: () => Promise<ToolResult>,
  ): Promise<ToolResult>
}

/** A read as a tool result: the server's text in `contents`, the host's notes beside it. */
export function readResult(read: BudgetedRead, extra: Record<string, unknown> = {}): ToolResult {
  return {
    ok: true,
    source: read.source,
    ...extra,
    contents: read.parts,
    ...(read.next && { next: read.next }),
    ...(read.marker && { truncation: read.marker }),
    ...(read.continuation && { continuation: continuationNote(read.continuation) }),
  }
}

function continuationNote(continuation: NonNullable<BudgetedRead['continuation']>): string {
  return continuation.kind === 'reused'
    ? `Same download as the earlier parts (not read again within its freshness window of ${Math.round(continuation.windowMs / 1000)} s): the offsets line up.`
    : 'Read again: the earlier parts came from a download past its freshness window; if the resource changed since, the offsets may not line up.'
}

/** A resource as the model sees it in a list: what it needs to pick and cite one. */
export function describeResource(resource: Resource): Record<string, unknown> {
  return {
    uri: resource.uri,
    name: resource.title ?? resource.name,
    ...(resource.mimeType && { mimeType: resource.mimeType }),
    ...(typeof resource.size === 'number' && { size: resource.size }),
    ...(resource.description && { description: resource.description.slice(0, 200) }),
    ...(resource.annotations?.lastModified && { lastModified: resource.annotations.lastModified }),
    ...(typeof resource.annotations?.priority === 'number' && {
      priority: resource.annotations.priority,
    }),
  }
}

/** A template as the model sees it in a list, with its variables. */
export function describeTemplate(template: ResourceTemplate): Record<string, unknown> {
  return {
    uriTemplate: template.uriTemplate,
    name: template.title ?? template.name,
    variables: templateVariables(template.uriTemplate),
    ...(template.mimeType && { mimeType: template.mimeType }),
    ...(template.description && { description: template.description.slice(0, 200) }),
  }
}
