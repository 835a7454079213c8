// `login` / `logout` of the built `resource-kit` against the demo server's --auth mode
// (a subprocess with its own authorization server): the loopback redirect on 127.0.0.1,
// tokens kept in a 0600 file and used by later commands, the printed URL when no browser
// starts, revocation on logout, and --header for a token obtained elsewhere.
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startProtectedDemoServer } from '@resource-kit/demo-server/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoHttp, startDemoHttp } from './helpers/demoHttp.ts'
import { cliBin, ensureBuiltCli, repoRoot, runCli } from './helpers/runBuiltCli.ts'

const browser = fileURLToPath(new URL('./fixtures/consentBrowser.mjs', import.meta.url))
let demo: DemoHttp

beforeAll(async () => {
  ensureBuiltCli()
  demo = await startDemoHttp(['--auth'])
}, 60_000)
afterAll(() => demo?.close())

async function authFile(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'rk-cli-auth-')), 'auth.json')
}

async function storedTokens(file: string): Promise<{ access_token: string } | undefined> {
  const data = JSON.parse(await readFile(file, 'utf8'))
  const record = JSON.parse(data[demo.url] ?? '{}')
  return record.tokens
}

describe('resource-kit login (OAuth, loopback redirect)', { timeout: 90_000 }, () => {
  it('signs in through the browser, keeps the tokens 0600, and later commands use them', async () => {
    const file = await authFile()
    const env = { RESOURCE_KIT_AUTH_FILE: file, BROWSER: browser }

    const before = await runCli(['ls', '--url', demo.url], { env })
    expect(before.code).toBe(5)
    expect(before.stderr).toContain(`run resource-kit login ${demo.url}`)

    const login = await runCli(['login', demo.url], { env })
    expect(login.stderr).toMatch(/Open this page to sign in/)
    expect(login.stderr).toMatch(/http:\/\/127\.0\.0\.1:\d+\/callback/)
    expect(login.code, login.stderr).toBe(0)
    expect(login.stdout).toMatch(
      /Signed in to 127\.0\.0\.1:\d+ as Ada Lovelace \(at http:\/\/127\.0\.0\.1:\d+\)/,
    )
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    const tokens = await storedTokens(file)
    expect(tokens?.access_token).toBeTruthy()
    // Tokens never reach the terminal.
    expect(login.stdout + login.stderr).not.toContain(tokens?.access_token ?? '')

    const ls = await runCli(['ls', '--json', '--url', demo.url], { env })
    expect(ls.code, ls.stderr).toBe(0)
    expect(JSON.parse(ls.stdout).items.length).toBeGreaterThan(0)

    // A token obtained elsewhere, given as a header, with no stored sign-in at all.
    const header = await runCli(
      [
        'ls',
        '--json',
        '--url',
        demo.url,
        '--header',
        `Authorization: Bearer ${tokens?.access_token}`,
      ],
      { env: { RESOURCE_KIT_AUTH_FILE: await authFile() } },
    )
    expect(header.code, header.stderr).toBe(0)

    const logout = await runCli(['logout', demo.url], { env })
    expect(logout.code, logout.stderr).toBe(0)
    expect(logout.stdout).toMatch(/Signed out of 127\.0\.0\.1:\d+/)
    expect(await storedTokens(file)).toBeUndefined()
    const after = await runCli(['ls', '--url', demo.url], { env })
    expect(after.code).toBe(5)
    // Revoked at the authorization server: the old access token is refused too.
    const revoked = await runCli(
      ['ls', '--url', demo.url, '--header', `Authorization: Bearer ${tokens?.access_token}`],
      { env: { RESOURCE_KIT_AUTH_FILE: await authFile() } },
    )
    expect(revoked.code).toBe(5)
  })

  it('prints the URL to open when no browser can be started', async () => {
    const file = await authFile()
    // Into a pipe the CLI decides on colour itself (the runner may force it).
    const { FORCE_COLOR: _force, NO_COLOR: _no, ...inherited } = process.env
    const child = spawn(process.execPath, [cliBin, 'login', demo.url], {
      cwd: repoRoot,
      env: { ...inherited, RESOURCE_KIT_AUTH_FILE: file, BROWSER: '/nonexistent/browser' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    let stderr = ''
    let stdout = ''
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk)
    })
    const printed = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (chunk) => {
        stderr += String(chunk)
        const url = /^\s+(http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+)$/m.exec(stderr)?.[1]
        if (url && stderr.includes('open the link above by hand')) resolve(url)
      })
      child.once('exit', (code) => reject(new Error(`login exited ${code}: ${stderr}`)))
      setTimeout(() => reject(new Error(`no URL printed: ${stderr}`)), 30_000).unref()
    })
    // The person opens it by hand: the same browser stand-in, run by the test.
    const opened = spawn(process.execPath, [browser, printed], { stdio: 'inherit' })
    await new Promise((resolve) => opened.once('exit', resolve))
    const code = await exited
    expect(code, stderr).toBe(0)
    expect(stdout).toMatch(/Signed in to .* as Ada Lovelace/)
  })

  it('signs in as the pre-registered client a config entry names (no registration there)', async () => {
    // An authorization server that registers no one: only the client it knows beforehand.
    const clientId = 'resource-kit-cli-tests'
    const clientSecret = 'a-secret-from-the-environment'
    const server = await startProtectedDemoServer({
      port: 0,
      count: 20,
      authServer: {
        dynamicRegistration: false,
        preRegisteredClients: [
          { clientId, clientSecret, redirectUris: ['http://127.0.0.1/callback'] },
        ],
      },
    })
    try {
      const dir = await mkdtemp(join(tmpdir(), 'rk-cli-oauth-'))
      const config = join(dir, 'mcp.json')
      await writeFile(
        config,
        JSON.stringify({
          mcpServers: {
            // biome-ignore lint/suspicious/noTemplateCurlyInString: the config expands it
            work: { url: server.url, oauth: { clientId, clientSecret: '${RK_CLIENT_SECRET}' } },
          },
        }),
      )
      const env = {
        RESOURCE_KIT_AUTH_FILE: join(dir, 'auth.json'),
        BROWSER: browser,
        RK_CLIENT_SECRET: clientSecret,
      }
      const login = await runCli(['login', '--config', config], { env })
      expect(login.code, login.stderr).toBe(0)
      expect(login.stdout).toMatch(/Signed in to work as Ada Lovelace/)
      expect(login.stdout + login.stderr).not.toContain(clientSecret)
      const ls = await runCli(['ls', '--json', '--config', config], { env })
      expect(ls.code, ls.stderr).toBe(0)
      expect(JSON.parse(ls.stdout).items.length).toBeGreaterThan(0)
    } finally {
      await server.close()
    }
  })
})
