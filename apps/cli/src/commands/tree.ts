// `tree`: every resource, arranged by URI path. Walks all pages (bounded like `ls --all`).
import type { Resource } from '@resource-kit/client'
import { type CommandContext, defaultMaxPages } from '../commandContext.ts'
import type { Styles } from '../output.ts'
import { sanitizeLine } from '../sanitize.ts'
import { buildUriTree, type UriTreeNode } from '../uriTree.ts'
import { walkPages } from '../walk.ts'
import { reportWalk, walkJson } from '../walkReport.ts'

export async function runTree(context: CommandContext): Promise<number> {
  const { client, serverId, options, out } = context
  const walk = await walkPages<Resource>(
    (cursor, { maxPages }) =>
      client.resourcePages(serverId, { cursor, maxPages, signal: context.signal }),
    {
      maxPages: options.maxPages ?? defaultMaxPages,
      maxItems: options.maxItems,
      signal: context.signal,
      progressStream: out.stderr,
      label: 'resources',
      now: context.now,
    },
  )
  if (walk.pages === 0 && walk.error) throw walk.error
  const roots = buildUriTree(walk.items)
  if (out.json) {
    out.document({
      server: serverId,
      roots: roots.map(nodeJson),
      count: walk.items.length,
      ...walkJson(walk),
    })
  } else {
    for (const root of roots) {
      out.line(`${out.style.bold(sanitizeLine(root.name))}${labels(root, out.style)}`)
      renderChildren(root, '', out.style, (line) => out.line(line))
    }
    if (walk.items.length === 0) out.note('(no resources)')
  }
  return reportWalk(out, walk, 'resources', serverId)
}

function renderChildren(
  node: UriTreeNode,
  prefix: string,
  style: Styles,
  line: (text: string) => void,
): void {
  node.children.forEach((child, index) => {
    const last = index === node.children.length - 1
    const name = sanitizeLine(child.name)
    const shown =
      child.resources.length > 0 ? style.cyan(name) : name + (child.children.length > 0 ? '/' : '')
    line(`${prefix}${last ? '└── ' : '├── '}${shown}${labels(child, style)}`)
    renderChildren(child, `${prefix}${last ? '    ' : '│   '}`, style, line)
  })
}

/** What follows a node's name: each resource's title (when it says more than the segment) and type. */
function labels(node: UriTreeNode, style: Styles): string {
  const parts = node.resources.map((resource) => {
    const display = resource.title ?? resource.name
    const shown = display && !node.name.endsWith(display) ? sanitizeLine(display) : ''
    return [shown, resource.mimeType ? style.dim(sanitizeLine(resource.mimeType)) : '']
      .filter(Boolean)
      .join(' ')
  })
  const text = parts.filter(Boolean).join(' | ')
  return text ? `  ${text}` : ''
}

interface NodeJson {
  name: string
  resources?: Resource[]
  children?: NodeJson[]
}

function nodeJson(node: UriTreeNode): NodeJson {
  return {
    name: node.name,
    ...(node.resources.length > 0 && { resources: node.resources }),
    ...(node.children.length > 0 && { children: node.children.map(nodeJson) }),
  }
}
