import type { Catalog } from './catalog.ts'

// Completion of every template variable. `context` carries the variables the user has
// already chosen (`context.arguments`), so later variables narrow to earlier choices.

type Context = { arguments?: Record<string, string> } | undefined

const startsWith = (value: string) => {
  const prefix = value.toLowerCase()
  return (candidate: string) => candidate.toLowerCase().startsWith(prefix)
}

/** `file:///workspace/{+path}`: one path segment at a time; folders end with `/`. */
export function completeWorkspacePath(catalog: Catalog, value: string): string[] {
  const folder = value.slice(0, value.lastIndexOf('/') + 1)
  const children = catalog.children(folder) ?? []
  return children.map((child) => child.path).filter(startsWith(value))
}

/** `db://{schema}/{table}`: schema names. */
export function completeSchema(catalog: Catalog, value: string): string[] {
  return catalog.content.database.schemas.filter(startsWith(value))
}

/** `db://{schema}/{table}`: tables of the chosen schema only (of every schema when none is chosen). */
export function completeTable(catalog: Catalog, value: string, context: Context): string[] {
  const { schemas, tables } = catalog.content.database
  const schema = context?.arguments?.schema
  const chosen = schema === undefined ? schemas : schemas.filter((name) => name === schema)
  const names = chosen.flatMap((name) => (tables.get(name) ?? []).map((table) => table.name))
  return [...new Set(names)].filter(startsWith(value)).sort()
}

/** `ticket://{project}/{id}`: project keys. */
export function completeProject(catalog: Catalog, value: string): string[] {
  return catalog.content.tickets.projects.filter(startsWith(value))
}

/** `ticket://{project}/{id}`: ids within the chosen project, in numeric order. */
export function completeTicketId(catalog: Catalog, value: string, context: Context): string[] {
  const project = context?.arguments?.project
  if (project === undefined) return []
  const tickets = catalog.content.tickets.tickets.get(project) ?? []
  return tickets.map((ticket) => ticket.id).filter(startsWith(value))
}
