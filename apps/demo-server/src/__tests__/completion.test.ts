import { describe, expect, it } from 'vitest'
import { createCatalog } from '../catalog.ts'
import {
  completeProject,
  completeSchema,
  completeTable,
  completeTicketId,
  completeWorkspacePath,
} from '../completion.ts'
import { createDemoContent } from '../content/createDemoContent.ts'
import { createLiveData } from '../liveData.ts'
import { createFakeClock } from './fakeClock.ts'

const content = createDemoContent({ count: 3000 })
const live = createLiveData(
  { logUri: 'a', fileUri: 'b', folderUri: 'c' },
  { clock: createFakeClock() },
)
const catalog = createCatalog(content, live)

describe('completion', () => {
  it('completes a workspace path one segment at a time', () => {
    const top = completeWorkspacePath(catalog, '')
    expect(top).toContain('src/')
    expect(top).toContain('live/')
    expect(top.every((value) => value.split('/').filter(Boolean).length === 1)).toBe(true)

    const inSrc = completeWorkspacePath(catalog, 'src/')
    expect(inSrc.length).toBeGreaterThan(0)
    expect(inSrc.every((value) => value.startsWith('src/'))).toBe(true)
    const sub = inSrc.find((value) => value.endsWith('/'))!
    const prefix = sub.slice(0, -2)
    expect(completeWorkspacePath(catalog, prefix)).toContain(sub)
    expect(completeWorkspacePath(catalog, sub).every((value) => value.startsWith(sub))).toBe(true)
    expect(completeWorkspacePath(catalog, 'no-such-folder/x')).toEqual([])
  })

  it('completes tables only within the schema chosen in context.arguments', () => {
    const prodTables = content.database.tables.get('prod')!.map((table) => table.name)
    expect(completeTable(catalog, '', { arguments: { schema: 'prod' } })).toEqual(
      [...prodTables].sort(),
    )
    expect(completeTable(catalog, 'pay', { arguments: { schema: 'prod' } })).toEqual(
      prodTables.filter((name) => name.startsWith('pay')).sort(),
    )
    const publicTables = new Set(content.database.tables.get('public')!.map((table) => table.name))
    const fromPublic = completeTable(catalog, '', { arguments: { schema: 'public' } })
    expect(fromPublic.every((name) => publicTables.has(name))).toBe(true)
    expect(completeTable(catalog, '', { arguments: { schema: 'nope' } })).toEqual([])
    expect(completeTable(catalog, '', undefined).length).toBeGreaterThan(prodTables.length)
  })

  it('completes schemas, projects and ticket ids within the chosen project', () => {
    expect(completeSchema(catalog, 'p')).toEqual(['public', 'prod'])
    expect(completeProject(catalog, 'd')).toEqual(['data', 'design'])
    const webIds = content.tickets.tickets.get('web')!.map((ticket) => ticket.id)
    expect(completeTicketId(catalog, '', { arguments: { project: 'web' } })).toEqual(webIds)
    expect(completeTicketId(catalog, '1', { arguments: { project: 'web' } })).toEqual(
      webIds.filter((id) => id.startsWith('1')),
    )
    expect(completeTicketId(catalog, '1', undefined)).toEqual([])
  })
})
