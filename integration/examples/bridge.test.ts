// examples/bridge: a page with no MCP connection of its own, talking to a Node backend over
// a WebSocket (connectBridge / serveBridge); the backend holds the demo server over stdio.
// The page is built with `vite build`; the backend runs here, in the test's process.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import {
  type RunningBridgeExample,
  startBridgeExample,
} from '../../examples/bridge/server/startBridgeExample.ts'
import { type LaunchedChromium, launchChromium } from '../browser/harness/launchChromium.ts'
import { collectPageProblems } from './pageProblems.ts'
import { runBuild } from './processes.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')
const app = path.join(repoRoot, 'examples/bridge')
const vite = path.join(repoRoot, 'node_modules/.bin/vite')

describe('the bridge example', () => {
  let outDir: string
  let backend: RunningBridgeExample
  let chromium: LaunchedChromium

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'rk-example-bridge-'))
    await runBuild(vite, ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: app,
    })
    backend = await startBridgeExample({
      mcp: {
        command: process.execPath,
        args: [
          '--conditions=@resource-kit/source',
          '--import',
          'tsx',
          path.join(repoRoot, 'apps/demo-server/src/main.ts'),
          '--stdio',
          '--count',
          '300',
          '--page-size',
          '100',
        ],
      },
      pageDir: outDir,
      port: 0,
    })
    chromium = await launchChromium()
  }, 180_000)

  afterAll(async () => {
    await chromium?.close()
    await backend?.close()
    if (outDir) await rm(outDir, { recursive: true, force: true })
  })

  it('lists the stdio server the backend holds, over the WebSocket', async () => {
    const page = await chromium.context.newPage()
    const problems = collectPageProblems(page)
    const requests: string[] = []
    const sockets: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    page.on('websocket', (socket) => sockets.push(socket.url()))
    await page.goto(backend.url)
    const server = page.locator('[role="treeitem"][data-kind="server"]')
    await expect
      .poll(() => server.locator('.rk-count').textContent(), { timeout: 30_000 })
      .toBe('300 resources · 3 templates')
    // The page talked to its own origin only: files over HTTP, the bridge over one socket.
    const origin = new URL(backend.url).origin
    expect(requests.every((url) => new URL(url).origin === origin)).toBe(true)
    expect(sockets).toEqual([`${origin.replace('http', 'ws')}/bridge`])
    expect(problems).toEqual([])
  }, 120_000)

  it('lets no other origin open the bridge', async () => {
    const bridge = new URL('/bridge', backend.url.replace('http', 'ws'))
    const refused = await new Promise<string>((resolve) => {
      const socket = new WebSocket(bridge, { origin: 'https://elsewhere.example' })
      socket.once('unexpected-response', (_request, response) =>
        resolve(`HTTP ${response.statusCode}`),
      )
      socket.once('error', (error) => resolve(error.message))
      socket.once('open', () => resolve('opened'))
    })
    expect(refused).toBe('HTTP 401')
  })
})
