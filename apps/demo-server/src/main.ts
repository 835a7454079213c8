// `npm run demo:server [-- options]`: the demo MCP server on HTTP (default) or stdio.
import { startProtectedDemoServer } from './auth/startProtectedDemoServer.ts'
import { describe, parseOptions, usage } from './cliOptions.ts'
import { serveDemoStdio, startDemoHttpServer } from './node.ts'

async function main(): Promise<void> {
  const { help, stdio, auth, http, demo } = parseOptions(process.argv.slice(2))
  if (help) {
    process.stdout.write(usage)
    return
  }
  if (stdio && auth) throw new Error('--auth needs HTTP: it cannot be combined with --stdio')
  if (stdio) {
    // stdout carries the protocol; everything for humans goes to stderr.
    const server = serveDemoStdio(demo)
    process.stderr.write(`resource-kit demo server on stdio\n${describe(server.demo)}\n`)
    process.stdin.once('end', () => void server.close())
    return
  }
  const protectedServer = auth ? await startProtectedDemoServer({ ...demo, ...http }) : undefined
  const server = protectedServer ?? (await startDemoHttpServer({ ...demo, ...http }))
  const authServer = protectedServer?.authServer
  const signIn = authServer
    ? `authorization server: ${authServer.issuer} (accounts: ${authServer.provider.accounts.map((a) => a.id).join(', ')})\n`
    : ''
  process.stdout.write(
    `resource-kit demo server\nurl: ${server.url}\n${signIn}${describe(server.handler.demo)}\n`,
  )
  const stop = () => void server.close().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

try {
  await main()
} catch (error) {
  process.stderr.write(
    `${error instanceof Error ? error.message : String(error)}\n\nRun with --help for the options.\n`,
  )
  process.exitCode = 2
}
