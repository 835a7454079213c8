import { afterEach, describe, expect, it } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import type { ResourceClient } from '../resourceClient.ts'
import type { ReadResult } from '../types.ts'
import { ScriptedSession, settle, text } from './scriptedSession.ts'

const uri = 'file:///dir/a.txt'
const dir = 'file:///dir/'
const textOf = (result: ReadResult) => (result.contents[0] as { text: string }).text
const page = (names: string[]) => ({
  resources: names.map((name) => ({ uri: `file:///${name}`, name })),
  ttlMs: 60_000,
})

describe.each(['modern', 'legacy'] as const)('freshness (%s era)', (era) => {
  let client: ResourceClient
  let session: ScriptedSession

  async function connect() {
    session = new ScriptedSession(era)
    // Subscribing (legacy) is answered at once; reads and lists wait for the test.
    session.auto = (method) => (method.endsWith('subscribe') ? {} : undefined)
    client = createResourceClient()
    client.addServer('s', { connect: async () => session })
    await client.ready('s')
  }

  /** Sends `updated(target)` the way this era delivers it to a watch of `watched`. */
  async function watchAndNotify(watched: string) {
    const watch = client.watch('s', { uris: [watched], listChanged: true })
    await settle()
    return {
      watch,
      updated(target: string) {
        if (era === 'modern') {
          session.openListens[0]?.send('notifications/resources/updated', { uri: target })
        } else session.notify('notifications/resources/updated', { uri: target })
      },
      listChanged() {
        if (era === 'modern') {
          session.openListens[0]?.send('notifications/resources/list_changed')
        } else session.notify('notifications/resources/list_changed')
      },
    }
  }

  afterEach(async () => {
    await client.close()
  })

  it('never serves a read that was on the wire when its URI was invalidated as fresh', async () => {
    await connect()
    const first = client.read('s', uri)
    await settle()
    const old = session.take('resources/read', { uri })
    await client.invalidateRead('s', uri)
    old.resolve(text(uri, 'old'))
    // The caller that asked still gets its answer…
    expect(textOf(await first)).toBe('old')
    // …but the next read goes to the server and returns the new content.
    const second = client.read('s', uri)
    await settle()
    session.take('resources/read', { uri }).resolve(text(uri, 'new'))
    expect(textOf(await second)).toBe('new')
    expect(session.sent).toBe(2)
  })

  it('lets an updated notification win over a read in flight, through a watch', async () => {
    await connect()
    const { updated } = await watchAndNotify(uri)
    const first = client.read('s', uri)
    await settle()
    const old = session.take('resources/read', { uri })
    updated(uri)
    await settle()
    old.resolve(text(uri, 'old'))
    expect(textOf(await first)).toBe('old')
    const second = client.read('s', uri)
    await settle()
    session.take('resources/read', { uri }).resolve(text(uri, 'new'))
    expect(textOf(await second)).toBe('new')
  })

  it('gives a caller who came after the invalidation the new content, not the late answer', async () => {
    await connect()
    const first = client.read('s', uri)
    await settle()
    const old = session.take('resources/read', { uri })
    await client.invalidateRead('s', uri)
    const after = client.read('s', uri)
    await settle()
    old.resolve(text(uri, 'old'))
    expect(textOf(await first)).toBe('old')
    await settle()
    session.take('resources/read', { uri }).resolve(text(uri, 'new'))
    expect(textOf(await after)).toBe('new')
  })

  it('lets list_changed win over a list page in flight', async () => {
    await connect()
    const { listChanged } = await watchAndNotify(uri)
    const first = client.listResources('s')
    await settle()
    const old = session.take('resources/list')
    listChanged()
    await settle()
    old.resolve(page(['old']))
    expect((await first).items.map((item) => item.name)).toEqual(['old'])
    const second = client.listResources('s')
    await settle()
    session.take('resources/list').resolve(page(['new']))
    expect((await second).items.map((item) => item.name)).toEqual(['new'])
  })

  it('invalidates the read of a watched directory when a file under it is updated', async () => {
    await connect()
    const { updated } = await watchAndNotify(dir)
    const read = client.read('s', dir)
    await settle()
    session.take('resources/read', { uri: dir }).resolve(text(dir, 'a.txt: v1'))
    expect(textOf(await read)).toBe('a.txt: v1')
    // Cached for 60 s, until a sub-resource changes.
    expect(textOf(await client.read('s', dir))).toBe('a.txt: v1')
    updated(uri)
    await settle()
    const again = client.read('s', dir)
    await settle()
    session.take('resources/read', { uri: dir }).resolve(text(dir, 'a.txt: v2'))
    expect(textOf(await again)).toBe('a.txt: v2')
  })
})

describe('invalidateRead', () => {
  it('reaches reads at, under and above the URI, and no sibling', async () => {
    const session = new ScriptedSession('modern')
    const values = new Map<string, number>()
    session.auto = (_method, params) => {
      const target = String(params.uri)
      values.set(target, (values.get(target) ?? 0) + 1)
      return text(target, `v${values.get(target)}`)
    }
    const client = createResourceClient()
    client.addServer('s', { connect: async () => session })
    const uris = ['file:///', dir, uri, `${uri}/part`, 'file:///dir/b.txt', 'file:///dirt']
    for (const target of uris) await client.read('s', target)
    await client.invalidateRead('s', uri)
    for (const target of uris) await client.read('s', target)
    expect(Object.fromEntries(values)).toEqual({
      'file:///': 2,
      [dir]: 2,
      [uri]: 2,
      [`${uri}/part`]: 2,
      'file:///dir/b.txt': 1,
      'file:///dirt': 1,
    })
    await client.close()
  })
})
