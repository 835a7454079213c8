// Templates on many pages: `list_resources { templates: true }` pages them with a cursor as
// it pages resources, and the template tools find a template from any page (a server
// with 25 pages of 4 templates, at the JSON-RPC level).
import { createResourceClient, type ResourceClient } from '@resource-kit/client'
import { createRawModernServer } from '@resource-kit/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { callTool } from '../jsonTools.ts'
import { createResourceTools } from '../resourceTools.ts'

const PAGES = 25
const PER_PAGE = 4

function templatePage(cursor: unknown) {
  const index = typeof cursor === 'string' ? Number(cursor) : 0
  const resourceTemplates = Array.from({ length: PER_PAGE }, (_, i) => {
    const n = index * PER_PAGE + i
    return { uriTemplate: `t://n${n}/{x}`, name: `template-${n}` }
  })
  return {
    resourceTemplates,
    ...(index + 1 < PAGES && { nextCursor: String(index + 1) }),
  }
}

let client: ResourceClient
beforeEach(() => {
  client = createResourceClient()
  client.addServer('many', {
    transport: () =>
      createRawModernServer({
        capabilities: { resources: {} },
        results: {
          'resources/templates/list': (params) => templatePage(params.cursor),
          'resources/read': (params) => ({
            contents: [{ uri: params.uri, mimeType: 'text/plain', text: `read ${params.uri}` }],
          }),
        },
      }),
  })
})
afterEach(() => client.close())

type Listed = { ok: boolean; templates?: { name: string }[]; nextCursor?: string }

describe('templates on many pages', () => {
  it('lists every template page by page, with a cursor while more exist', async () => {
    const tools = createResourceTools(client, { pageSize: 10 })
    const names: string[] = []
    let cursor: string | undefined
    let calls = 0
    do {
      const page = (await callTool(tools, 'list_resources', {
        templates: true,
        ...(cursor && { cursor }),
      })) as Listed
      expect(page.ok).toBe(true)
      names.push(...page.templates!.map((template) => template.name))
      cursor = page.nextCursor
      calls += 1
    } while (cursor !== undefined && calls < 200)
    expect(names).toHaveLength(PAGES * PER_PAGE)
    expect(names.at(-1)).toBe(`template-${PAGES * PER_PAGE - 1}`)
    expect(calls).toBe(PAGES) // one server page of 4 per call, each within pageSize
  })

  it('fills and completes a template listed on the last page', async () => {
    const tools = createResourceTools(client)
    const last = PAGES * PER_PAGE - 1
    const filled = await callTool(tools, 'fill_resource_template', {
      template: `template-${last}`,
      arguments: { x: 'a' },
    })
    expect(filled).toMatchObject({
      ok: true,
      filled: true,
      template: `t://n${last}/{x}`,
      contents: [expect.objectContaining({ text: `read t://n${last}/a` })],
    })
    const missing = await callTool(tools, 'fill_resource_template', { template: 'nope' })
    expect(missing).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid_input',
        message: expect.stringContaining(`and ${PAGES * PER_PAGE - 20} more`),
      },
    })
  })
})
