// The checklist, run against a demo server reached over some transport, with the
// official v2 client in both eras. The *.integration.test.ts files supply the transport.
import { Client, ResourceNotFoundError, type Transport } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compareUris, createDemoContent } from '../content/createDemoContent.ts'

export interface DemoTarget {
  /** The `--count` the server runs with (same seed: the test can regenerate its content). */
  readonly count: number
  /** A fresh transport to the server. */
  transport(): Transport
}

type ElicitAnswer = {
  action: 'accept' | 'decline' | 'cancel'
  content?: Record<string, string | number | boolean | string[]>
}

/** Polls `check` until it returns true or `timeoutMs` passes. */
export async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function rejection(
  promise: Promise<unknown>,
): Promise<Error & { code?: number; data?: unknown }> {
  try {
    await promise
  } catch (error) {
    return error as Error & { code?: number; data?: unknown }
  }
  throw new Error('expected a rejection')
}

export function describeDemoBehaviour(target: () => DemoTarget): void {
  describe.each([
    ['auto', '2026-07-28'],
    ['legacy', '2025-11-25'],
  ] as const)('with a %s client (%s)', (mode, version) => {
    const modern = mode === 'auto'
    let client: Client
    let content: ReturnType<typeof createDemoContent>
    const updated: string[] = []
    let listChanged = 0
    const elicitations: string[] = []
    // Each page's cursor and last URI, recorded by the walk (saves walking again later).
    const walked: { cursor: string | undefined; last: string }[] = []
    let answer: (message: string, fields: string[]) => ElicitAnswer

    beforeAll(async () => {
      content = createDemoContent({ count: target().count })
      client = new Client(
        { name: 'demo-server-test', version: '1.0.0' },
        { versionNegotiation: { mode }, capabilities: { elicitation: { form: {} } } },
      )
      client.setRequestHandler('elicitation/create', async (request) => {
        const params = request.params as {
          message: string
          requestedSchema?: { properties?: object }
        }
        elicitations.push(params.message)
        return answer(params.message, Object.keys(params.requestedSchema?.properties ?? {}))
      })
      client.setNotificationHandler('notifications/resources/updated', (notification) => {
        updated.push(notification.params.uri)
      })
      client.setNotificationHandler('notifications/resources/list_changed', () => {
        listChanged++
      })
      await client.connect(target().transport())
    })
    afterAll(async () => {
      await client?.close()
    })

    it(`negotiates ${version}`, () => {
      expect(client.getNegotiatedProtocolVersion()).toBe(version)
    })

    it('serves resources/list in pages that walk every resource once, in order', async () => {
      const uris: string[] = []
      let cursor: string | undefined
      let pages = 0
      const started = performance.now()
      do {
        const page = await client.request({
          method: 'resources/list',
          params: cursor ? { cursor } : {},
        })
        expect(page.resources.length).toBeLessThanOrEqual(100)
        uris.push(...page.resources.map((resource) => resource.uri))
        cursor = page.nextCursor
        pages++
      } while (cursor !== undefined)
      const elapsed = performance.now() - started
      // The live file may come or go during the walk; every static resource is there once.
      const { count } = target()
      expect(uris.length === count || uris.length === count + 1).toBe(true)
      expect(pages).toBe(Math.ceil(uris.length / 100))
      expect(new Set(uris).size).toBe(uris.length)
      expect(uris).toEqual([...uris].sort(compareUris))
      expect(uris.filter((uri) => content.get(uri))).toEqual(
        content.entries.map((e) => e.resource.uri),
      )
      console.info(
        `${mode}: walked ${uris.length} resources in ${pages} pages in ${elapsed.toFixed(0)} ms`,
      )
    })

    it('puts cache hints on list pages (2026 only)', async () => {
      const page = await client.request({ method: 'resources/list', params: {} })
      if (modern) expect(page).toMatchObject({ ttlMs: expect.any(Number), cacheScope: 'public' })
      else expect(page).not.toHaveProperty('ttlMs')
    })

    it('rejects a garbage cursor with -32602 Invalid cursor', async () => {
      const error = await rejection(
        client.request({ method: 'resources/list', params: { cursor: 'garbage' } }),
      )
      expect(error).toMatchObject({
        code: -32602,
        message: expect.stringContaining('Invalid cursor'),
      })
    })

    it('lists the three templates with public cache hints', async () => {
      const { resourceTemplates, ...rest } = await client.listResourceTemplates()
      expect(resourceTemplates.map((template) => template.uriTemplate).sort()).toEqual([
        'db://{schema}/{table}',
        'file:///workspace/{+path}',
        'ticket://{project}/{id}',
      ])
      if (modern) expect(rest).toMatchObject({ cacheScope: 'public', ttlMs: expect.any(Number) })
    })

    it('reads a folder as its children, several contents', async () => {
      const { contents } = await client.readResource({ uri: 'file:///workspace/src/' })
      const children = content.workspace.children.get('src/')!
      expect(contents.map((item) => item.uri)).toEqual(children.map((child) => child.resource.uri))
      expect(contents.length).toBeGreaterThan(1)
      for (const item of contents) {
        const child = content.get(item.uri)!
        expect(item.mimeType).toBe(child.resource.mimeType)
        expect('text' in item || 'blob' in item).toBe(true)
      }
    })

    it('reads text and binary files with the advertised size', async () => {
      const files = content.entries.filter((entry) => entry.kind === 'file')
      for (const mimeType of ['text/typescript', 'image/png', 'application/pdf']) {
        const file = files.find((entry) => entry.resource.mimeType === mimeType)!
        const { contents } = await client.readResource({ uri: file.resource.uri })
        expect(contents).toHaveLength(1)
        const item = contents[0]!
        const bytes =
          'blob' in item ? atob(item.blob).length : new TextEncoder().encode(item.text).length
        expect(bytes, file.resource.uri).toBe(file.resource.size)
      }
    })

    it('reads a table as its columns in JSON', async () => {
      const table = content.database.tables.get('public')![0]!
      const result = await client.readResource({ uri: table.resource.uri })
      const item = result.contents[0]!
      expect(item.mimeType).toBe('application/json')
      const json = JSON.parse('text' in item ? item.text : '')
      expect(json).toMatchObject({ schema: 'public', table: table.name })
      expect(json.columns[0]).toEqual({
        name: 'id',
        type: 'bigint',
        nullable: false,
        primaryKey: true,
      })
      if (modern) expect(result).toMatchObject({ cacheScope: 'public', ttlMs: expect.any(Number) })
    })

    it('reads a ticket as Markdown with a private cache scope', async () => {
      const ticket = content.tickets.tickets.get('web')![0]!
      const result = await client.readResource({ uri: ticket.resource.uri })
      const item = result.contents[0]!
      expect('text' in item && item.text).toContain(`# WEB-${ticket.id}:`)
      if (modern) expect(result).toMatchObject({ cacheScope: 'private', ttlMs: expect.any(Number) })
      else expect(result).not.toHaveProperty('cacheScope')
    })

    it('answers a missing resource with -32602 and data.uri', async () => {
      const uri = 'file:///workspace/src/does-not-exist.ts'
      const error = await rejection(client.readResource({ uri }))
      expect(error).toBeInstanceOf(ResourceNotFoundError)
      expect(error).toMatchObject({ code: -32602, data: { uri } })
    })

    it('completes tables only within the schema in context.arguments', async () => {
      const { completion } = await client.complete({
        ref: { type: 'ref/resource', uri: 'db://{schema}/{table}' },
        argument: { name: 'table', value: '' },
        context: { arguments: { schema: 'prod' } },
      })
      const prodTables = content.database.tables.get('prod')!.map((table) => table.name)
      expect(completion.values).toEqual([...prodTables].sort().slice(0, 100))
      expect(completion.values).toContain('payments')
    })

    it('completes a workspace path segment by segment', async () => {
      const complete = async (value: string) =>
        (
          await client.complete({
            ref: { type: 'ref/resource', uri: 'file:///workspace/{+path}' },
            argument: { name: 'path', value },
          })
        ).completion.values
      expect(await complete('')).toContain('src/')
      const inSrc = await complete('sr')
      expect(inSrc).toEqual(['src/'])
      const children = await complete('src/')
      expect(children.length).toBeGreaterThan(1)
      expect(
        children.every((value) => value.startsWith('src/') && value.split('/').length <= 3),
      ).toBe(true)
    })

    it('completes ticket ids within the chosen project', async () => {
      const { completion } = await client.complete({
        ref: { type: 'ref/resource', uri: 'ticket://{project}/{id}' },
        argument: { name: 'id', value: '' },
        context: { arguments: { project: 'web' } },
      })
      expect(completion.values[0]).toBe('1')
    })

    it('asks for confirmation before reading db://prod/users (input required, one round)', async () => {
      elicitations.length = 0
      answer = () => ({ action: 'accept', content: { confirm: true } })
      const { contents } = await client.readResource(
        { uri: 'db://prod/users' },
        { cacheMode: 'bypass' },
      )
      expect(JSON.parse('text' in contents[0]! ? contents[0].text : '')).toMatchObject({
        table: 'users',
      })
      expect(elicitations).toEqual(['db://prod/users is production data. Read it anyway?'])
    })

    it('asks twice before reading db://prod/payments: confirmation, then a reason', async () => {
      elicitations.length = 0
      answer = (_message, fields): ElicitAnswer =>
        fields.includes('confirm')
          ? { action: 'accept', content: { confirm: true } }
          : { action: 'accept', content: { reason: 'quarterly audit' } }
      const { contents } = await client.readResource(
        { uri: 'db://prod/payments' },
        { cacheMode: 'bypass' },
      )
      expect(contents[0]?.uri).toBe('db://prod/payments')
      expect(elicitations).toHaveLength(2)
      expect(elicitations[1]).toContain('Why do you need it?')
    })

    it('refuses the read when the user declines', async () => {
      answer = () => ({ action: 'decline' })
      const error = await rejection(
        client.readResource({ uri: 'db://prod/orders' }, { cacheMode: 'bypass' }),
      )
      expect(error).toMatchObject({ code: -32600, message: expect.stringContaining('declined') })
    })

    it('notifies updates of log://app/tail to a listener (2026) or subscriber (2025), until it stops', async () => {
      updated.length = 0
      const stop = modern
        ? await client
            .listen({ resourceSubscriptions: ['log://app/tail'] })
            .then((sub) => () => sub.close())
        : await client
            .subscribeResource({ uri: 'log://app/tail' })
            .then(() => () => client.unsubscribeResource({ uri: 'log://app/tail' }).then(() => {}))
      await waitFor(() => updated.filter((uri) => uri === 'log://app/tail').length >= 2)
      // Only what was asked for: the live folder changes too, but nobody subscribed to it.
      expect(new Set(updated)).toEqual(new Set(['log://app/tail']))
      await stop()
      await new Promise((resolve) => setTimeout(resolve, 100))
      const seen = updated.length
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(updated.length).toBe(seen)
    })

    it('announces list_changed when the live file appears or disappears', async () => {
      const liveUri = content.workspace.liveFile.resource.uri
      // Cursors name a position, so this one stays good while the file comes and goes.
      const recorded = walked.find((page) => compareUris(page.last, liveUri) >= 0)
      const cursor = recorded ? recorded.cursor : await listCursorBefore(client, liveUri)
      const sub = modern ? await client.listen({ resourcesListChanged: true }) : undefined
      const before = listChanged
      await waitFor(() => listChanged > before)
      await sub?.close()
      // The list and the folder agree about the file (retried: it may toggle in between).
      const agree = async () => {
        const folder = await client.readResource(
          { uri: 'file:///workspace/live/' },
          { cacheMode: 'bypass' },
        )
        const page = await client.request({
          method: 'resources/list',
          params: cursor ? { cursor } : {},
        })
        const listed = page.resources.some((resource) => resource.uri === liveUri)
        return folder.contents.some((item) => item.uri === liveUri) === listed
      }
      expect((await agree()) || (await agree())).toBe(true)
    })
  })
}

/** The cursor of the page that would contain `uri`, found by walking (undefined: page 1). */
async function listCursorBefore(client: Client, uri: string): Promise<string | undefined> {
  let cursor: string | undefined
  for (;;) {
    const page = await client.request({
      method: 'resources/list',
      params: cursor ? { cursor } : {},
    })
    const last = page.resources.at(-1)
    if (last === undefined || compareUris(last.uri, uri) >= 0 || page.nextCursor === undefined)
      return cursor
    cursor = page.nextCursor
  }
}
