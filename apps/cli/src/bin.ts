#!/usr/bin/env node
// The `resource-kit` command: wires the process (argv, streams, signals, exit) to runCli.
import { createResourceClient } from '@resource-kit/client'
import { fileAuthStorage, stdioServer } from '@resource-kit/client/node'
import { runCli } from './cli.ts'
import { CliError } from './cliError.ts'
import { ExitCode } from './exitCodes.ts'
import { stdioBuffer } from './stdioBuffer.ts'

const interrupt = new AbortController()
const onSignal = (signal: NodeJS.Signals) => {
  if (interrupt.signal.aborted) process.exit(ExitCode.interrupted)
  interrupt.abort(new CliError(`interrupted (${signal})`, ExitCode.interrupted, 'interrupted'))
}
process.on('SIGINT', onSignal)
process.on('SIGTERM', onSignal)
// A closed pipe (`resource-kit ls | head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(ExitCode.ok)
})

const code = await runCli({
  argv: process.argv.slice(2),
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  interrupt: interrupt.signal,
  createClient: createResourceClient,
  authStorage: fileAuthStorage({
    ...(process.env.RESOURCE_KIT_AUTH_FILE && { path: process.env.RESOURCE_KIT_AUTH_FILE }),
  }),
  toSource: (config, { quiet, maxBytes }) =>
    config.kind === 'http'
      ? { url: config.url, ...(config.headers && { headers: config.headers }) }
      : stdioServer({
          command: config.command,
          args: config.args,
          ...(config.env && { env: config.env }),
          ...(config.cwd && { cwd: config.cwd }),
          stderr: quiet ? 'ignore' : 'inherit',
          ...stdioBuffer(maxBytes),
        }),
})
// Let stdout drain, then leave even if a server process or socket still holds the loop.
process.stdout.write('', () => process.exit(code))
