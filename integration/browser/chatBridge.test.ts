// The chat app through the demo's bridge backend, in real Chromium: the backend holds the
// connections (the demo server over HTTP, server-everything over stdio, which no page can
// reach) and serves them over a WebSocket on the app's origin. The WebSocket is dropped by
// the backend (and new ones refused for a while): every server reads "reconnecting", what
// is shown and attached stays, and when the socket is back the servers are live again and
// what the page watches is fetched again. `?mode=direct` keeps the page's own connections.
import type { Page } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { screenshot } from './harness/artifacts.ts'
import { composer, tabTo } from './harness/chatApp.ts'
import { chatSuite } from './harness/chatSuite.ts'

const suite = chatSuite()

afterEach(() => {
  suite.chat.demo.bridge?.resume()
})

const ARCHITECTURE = 'demo://resource/static/document/architecture.md'

async function openChat(mode?: 'direct' | 'bridge'): Promise<Page> {
  const page = await suite.chat.openChat(mode && { mode })
  suite.watchErrors(page)
  return page
}

function serverItem(page: Page, id: string) {
  return page.locator(`.rk-server[data-server-id="${id}"]`)
}

function statusOf(page: Page, id: string) {
  return serverItem(page, id).locator('.rk-server-status').textContent()
}

/** What the page sent over its WebSockets since `since` was called: the parsed messages. */
function recordSent(page: Page): () => Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = []
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => {
      if (typeof frame.payload === 'string') sent.push(JSON.parse(frame.payload))
    })
  })
  return () => sent
}

describe('chat app through the bridge', () => {
  it('lists the stdio server; a dropped WebSocket reads reconnecting, loses nothing, and comes back live', async () => {
    const page = await openChat()
    const sent = recordSent(page)
    // server-everything runs over stdio in the backend: the page lists it all the same.
    await expect
      .poll(() => statusOf(page, 'everything'), { timeout: 30_000 })
      .toMatch(/^[\d,]+ resources/)
    await expect(
      serverItem(page, 'everything').locator('.rk-server-url').textContent(),
    ).resolves.toBe('stdio: @modelcontextprotocol/server-everything')
    // No token, no MCP session in the page: the servers' HTTP endpoints are never fetched.
    const mcpRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(suite.chat.demo.mcpUrl)) mcpRequests.push(request.url())
    })

    // Preview one of its resources from the side panel (a watched, observed read).
    const search = page.getByRole('combobox', { name: 'Search resources' })
    await tabTo(page, search)
    await page.keyboard.type('architecture')
    const row = page.locator('.chat-picker [role="treeitem"]', { hasText: 'architecture.md' })
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBeGreaterThan(0)
    const highlighted = page.locator('.chat-picker [data-highlighted]')
    for (let i = 0; i < 5 && !/architecture\.md/.test((await highlighted.textContent()) ?? ''); i++)
      await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    const preview = page.locator('.chat-preview')
    await expect.poll(() => preview.locator('.chat-preview-uri').textContent()).toBe(ARCHITECTURE)
    await expect
      .poll(() => preview.locator('.rk-preview').textContent(), { timeout: 10_000 })
      .toMatch(/Architecture/i)
    // Attach a demo resource to the message (watched: "live").
    const input = composer(page)
    await tabTo(page, input)
    await page.keyboard.type('@readme')
    await expect.poll(() => input.getAttribute('role')).toBe('combobox')
    await expect
      .poll(() => page.locator('.rk-mention-listbox [role="option"]').first().textContent())
      .toContain('Readme')
    await page.keyboard.press('Enter')
    const attachment = page.locator('.rk-attachment')
    await expect.poll(() => attachment.getAttribute('data-watch'), { timeout: 10_000 }).toBe('live')
    const previewText = await preview.locator('.rk-preview').textContent()
    const rowsBefore = await row.count()

    // The backend drops every page's WebSocket and refuses new ones for now.
    suite.chat.demo.bridge!.suspend()
    for (const id of ['demo', 'everything']) {
      await expect
        .poll(() => statusOf(page, id), { timeout: 10_000 })
        .toBe('Not answering, reconnecting…')
      await expect(serverItem(page, id).getAttribute('data-state')).resolves.toBe('reconnecting')
    }
    // The picker's own row says it too.
    await expect
      .poll(
        () =>
          page
            .locator('.chat-picker [role="treeitem"]', { hasText: 'not answering, reconnecting' })
            .count(),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0)
    // Nothing shown or attached is lost.
    await expect(row.count()).resolves.toBe(rowsBefore)
    await expect(preview.locator('.chat-preview-uri').textContent()).resolves.toBe(ARCHITECTURE)
    await expect(preview.locator('.rk-preview').textContent()).resolves.toBe(previewText)
    await expect(
      page.locator('.rk-attachments .rk-attachment-label').allTextContents(),
    ).resolves.toEqual(['Readme'])
    await expect(input.locator('[data-rk-mention]').textContent()).resolves.toBe('@Readme')
    await screenshot(page, 'bridge-01-reconnecting')

    // The WebSocket is accepted again: live again, and what was watched is fetched again.
    const sentBefore = sent().length
    suite.chat.demo.bridge!.resume()
    for (const id of ['demo', 'everything']) {
      await expect.poll(() => statusOf(page, id), { timeout: 20_000 }).toMatch(/^[\d,]+ resources/)
      await expect(serverItem(page, id).getAttribute('data-state')).resolves.toBe('live')
    }
    await expect.poll(() => attachment.getAttribute('data-watch'), { timeout: 10_000 }).toBe('live')
    const sinceResume = () => sent().slice(sentBefore)
    await expect
      .poll(
        () =>
          sinceResume().some(
            (m) =>
              m.type === 'request' &&
              m.method === 'read' &&
              (m.params as { uri?: string }).uri === ARCHITECTURE,
          ),
        { timeout: 10_000 },
      )
      .toBe(true)
    const watched = sinceResume()
      .filter((m) => m.type === 'watch')
      .map((m) => m.server)
    expect(new Set(watched)).toEqual(new Set(['demo', 'everything']))
    await expect(preview.locator('.rk-preview').textContent()).resolves.toBe(previewText)
    expect(mcpRequests).toEqual([])
    await screenshot(page, 'bridge-02-back')
    await page.close()
  }, 90_000)

  it('direct mode (?mode=direct): the page connects itself, to the HTTP servers only', async () => {
    const page = await openChat('direct')
    const fetched: string[] = []
    page.on('request', (request) => fetched.push(request.url()))
    await page.reload()
    await expect
      .poll(() => statusOf(page, 'demo'), { timeout: 20_000 })
      .toMatch(/^[\d,]+ resources/)
    expect(fetched.some((url) => url.startsWith(suite.chat.demo.mcpUrl))).toBe(true)
    expect(fetched.some((url) => new URL(url).pathname.includes('/mcp-sdk-'))).toBe(true)
    // A stdio server is out of a page's reach: only the backend lists it.
    await expect(serverItem(page, 'everything').count()).resolves.toBe(0)
    await expect(page.getByRole('textbox', { name: 'Add a server' }).count()).resolves.toBe(1)
    await page.close()
  }, 60_000)

  it('through the bridge the page loads no MCP SDK, and says servers are added on the backend', async () => {
    const page = await openChat()
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.reload()
    await expect
      .poll(() => statusOf(page, 'demo'), { timeout: 20_000 })
      .toMatch(/^[\d,]+ resources/)
    expect(scripts.some((path) => path.includes('/connectChatBridge-'))).toBe(true)
    // The SDK and zod are a chunk of their own (vite.config.ts): only direct mode loads it.
    expect(scripts.filter((path) => path.includes('/mcp-sdk-'))).toEqual([])
    await expect(page.getByRole('textbox', { name: 'Add a server' }).count()).resolves.toBe(0)
    const note = page.locator('.chat-bridge-note')
    await expect(note.textContent()).resolves.toMatch(/switch to direct mode/)
    await expect(note.getByRole('link').getAttribute('href')).resolves.toBe('?mode=direct')
    await page.close()
  }, 60_000)

  it('refuses a WebSocket from another origin (no other site drives the backend)', async () => {
    const url = new URL('bridge', suite.chat.demo.appUrl)
    url.protocol = 'ws:'
    const status = (origin: string) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(url, { origin })
        socket.once('open', () => {
          socket.close()
          resolve(101)
        })
        socket.once('unexpected-response', (_request, response) => {
          resolve(response.statusCode ?? 0)
          socket.terminate()
        })
        socket.once('error', reject)
      })
    await expect(status('http://evil.example')).resolves.toBe(403)
    await expect(status(new URL(suite.chat.demo.appUrl).origin)).resolves.toBe(101)
  })
})
