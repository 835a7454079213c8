// The whole run of one `resource-kit` invocation, with every environment dependency passed
// in (streams, env, clock, how to make the client), so it runs the same from bin.ts and
// from a test. Resolves with the exit code; never throws.
import type {
  AuthStorage,
  ResourceClient,
  ResourceClientOptions,
  ServerSource,
} from '@resource-kit/client'
import { createOAuth } from '@resource-kit/client'
import packageJson from '../package.json' with { type: 'json' }
import { type ParsedArgs, parseCliArgs } from './args.ts'
import { classifyError } from './classifyError.ts'
import { CliError, UsageError } from './cliError.ts'
import { type CliInput, createCliInput } from './cliInputHandler.ts'
import type { Command, CommandContext } from './commandContext.ts'
import { runComplete } from './commands/complete.ts'
import { runInfo } from './commands/info.ts'
import { cliClientName, oauthClientOptions, runLogin, runLogout } from './commands/login.ts'
import { runLs } from './commands/ls.ts'
import { runRead } from './commands/read.ts'
import { runSearch } from './commands/search.ts'
import { runTree } from './commands/tree.ts'
import { runWatch } from './commands/watch.ts'
import type { ServerConfig } from './config.ts'
import { ExitCode } from './exitCodes.ts'
import { helpText } from './help.ts'
import { parsePairs } from './keyValue.ts'
import { Output, type OutputStream } from './output.ts'
import { promptElicitation } from './prompt.ts'
import { resolveSearchTargets } from './searchTargets.ts'
import { resolveServerTarget } from './serverSource.ts'

export interface CliEnvironment {
  argv: readonly string[]
  stdout: OutputStream
  stderr: OutputStream
  stdin: NodeJS.ReadableStream & { isTTY?: boolean }
  env: Record<string, string | undefined>
  /** Aborted (with a CliError reason) on Ctrl-C / SIGTERM. */
  interrupt?: AbortSignal
  now?: () => number
  createClient: (options: ResourceClientOptions) => ResourceClient
  /** Turns a server config into a client ServerSource (stdio needs `@resource-kit/client/node`). */
  toSource: (config: ServerConfig, options: { quiet: boolean; maxBytes?: number }) => ServerSource
  /** Where `login` keeps tokens and later commands find them; without it there is no sign-in. */
  authStorage?: AuthStorage
}

export const version: string = packageJson.version

const commands: Record<
  Exclude<NonNullable<ParsedArgs['command']>, 'help' | 'login' | 'logout'>,
  Command
> = {
  info: runInfo,
  ls: runLs,
  tree: runTree,
  read: runRead,
  complete: runComplete,
  watch: runWatch,
  search: runSearch,
}

/** Closing a client must not hang the exit when a server will not go away. */
const closeTimeoutMs = 3000

export async function runCli(environment: CliEnvironment): Promise<number> {
  const { env } = environment
  let parsed: ParsedArgs
  try {
    parsed = parseCliArgs(environment.argv)
  } catch (error) {
    const json = environment.argv.includes('--json')
    const out = new Output({ ...environment, json })
    return report(out, classifyError(error), true)
  }
  const { options } = parsed
  const out = new Output({
    stdout: environment.stdout,
    stderr: environment.stderr,
    json: options.json,
    color: options.color,
    env,
  })

  if (parsed.version) {
    out.line(version)
    return ExitCode.ok
  }
  if (parsed.help || parsed.command === 'help' || parsed.command === undefined) {
    const topic = parsed.command === 'help' ? parsed.positionals[0] : parsed.command
    if (topic !== undefined && !(topic in commands) && topic !== 'login' && topic !== 'logout')
      return report(out, new UsageError(`no help for "${topic}": not a command`), true)
    out.write(helpText(topic as keyof typeof commands | undefined))
    return parsed.command === undefined && !parsed.help ? ExitCode.usage : ExitCode.ok
  }
  const command = parsed.command

  const controller = new AbortController()
  const abort = (reason: unknown) => controller.abort(reason)
  const interrupt = environment.interrupt
  if (interrupt?.aborted) abort(interrupt.reason)
  const onInterrupt = () => abort(interrupt?.reason)
  interrupt?.addEventListener('abort', onInterrupt, { once: true })
  const timer =
    options.timeout === undefined
      ? undefined
      : setTimeout(
          () =>
            abort(
              new CliError(
                `timed out after ${options.timeout} s (--timeout)`,
                ExitCode.timeout,
                'timeout',
              ),
            ),
          options.timeout * 1000,
        )
  timer?.unref?.()

  let client: ResourceClient | undefined
  let serverId: string | undefined
  let cliInput: CliInput | undefined
  try {
    const authCommand = command === 'login' || command === 'logout'
    const positionalUrl = authCommand ? parsed.positionals[0] : undefined
    if (positionalUrl !== undefined && options.url !== undefined) {
      throw new UsageError(`${command}: give the URL once (as URL or --url)`)
    }
    // `search` runs over every server of a config; every other command over one.
    const { targets, broken } =
      command === 'search'
        ? await resolveSearchTargets(options, parsed.stdioCommand, env)
        : {
            targets: [
              await resolveServerTarget(
                positionalUrl === undefined ? options : { ...options, url: positionalUrl },
                parsed.stdioCommand,
                env,
              ),
            ],
            broken: [],
          }
    const target = targets[0]!
    serverId = target.id
    const storage = environment.authStorage
    if (authCommand) {
      if (target.config.kind !== 'http') {
        throw new UsageError(`${command} applies to HTTP servers: give their URL`)
      }
      if (!storage) throw new CliError('no place to keep sign-ins', ExitCode.error, 'auth_failed')
      client = environment.createClient({ clientInfo: { name: 'resource-kit-cli', version } })
      return await (command === 'login' ? runLogin : runLogout)({
        client,
        serverId: target.id,
        url: target.config.url,
        ...(target.config.headers && { headers: target.config.headers }),
        ...(target.config.oauth && { oauth: target.config.oauth }),
        storage,
        out,
        env,
        signal: controller.signal,
      })
    }
    // Tokens from an earlier `login`, refreshed as the server's client (its config's `oauth`).
    const signIn = (config: ServerConfig) =>
      storage
        ? createOAuth({
            storage,
            clientName: cliClientName,
            ...(config.kind === 'http' && oauthClientOptions(config.oauth)),
            redirectUrl: 'http://127.0.0.1/callback',
            openAuthorization: async () => {
              throw new CliError(
                'sign in with resource-kit login',
                ExitCode.connectionFailed,
                'auth_required',
              )
            },
          })
        : undefined
    cliInput = createCliInput({
      inputs: parsePairs(options.input, '--input') ?? {},
      yes: options.yes,
      ...(environment.stdin.isTTY &&
        environment.stderr.isTTY && {
          prompt: (request, heading, prefilled, signal) =>
            promptElicitation(request, {
              input: environment.stdin,
              output: environment.stderr as NodeJS.WritableStream,
              style: out.errStyle,
              heading,
              prefilled,
              signal,
            }),
        }),
    })
    client = environment.createClient({
      inputHandler: cliInput.handler,
      clientInfo: { name: 'resource-kit-cli', version },
    })
    for (const each of targets) {
      const source = environment.toSource(each.config, {
        quiet: options.quiet,
        ...(options.maxBytes !== undefined && { maxBytes: options.maxBytes }),
      })
      // Tokens from an earlier `login`, unless the command line brings its own Authorization.
      const auth =
        each.config.kind === 'http' && !hasAuthorization(each.config.headers)
          ? signIn(each.config)
          : undefined
      client.addServer(each.id, auth && 'url' in source ? { ...source, auth } : source)
    }
    // A broken config entry fails as its own server: the search reports it with the others.
    for (const each of broken)
      client.addServer(each.id, { connect: () => Promise.reject(each.error) })
    try {
      // A search reports each server that cannot connect, and goes on with the others.
      if (command !== 'search') await client.ready(target.id, { signal: controller.signal })
    } catch (error) {
      if (controller.signal.aborted) throw error
      const server = client.getServer(target.id)
      if (server?.status === 'needs-auth' && server.auth && target.config.kind === 'http') {
        throw new CliError(
          `server "${target.id}" needs sign-in: run resource-kit login ${target.config.url}`,
          ExitCode.connectionFailed,
          'auth_required',
          { server: target.id },
        )
      }
      const classified = classifyError(error, { serverId: target.id })
      throw classified.exitCode === ExitCode.connectionFailed
        ? classified
        : new CliError(
            `cannot connect: ${classified.message}`,
            ExitCode.connectionFailed,
            'connection_failed',
            { server: target.id },
          )
    }
    const context: CommandContext = {
      client,
      serverId: target.id,
      serverIds: [...targets, ...broken].map((each) => each.id),
      positionals: parsed.positionals,
      options,
      out,
      signal: controller.signal,
      now: environment.now ?? Date.now,
    }
    return await commands[command](context)
  } catch (error) {
    // A failed input request explains the error it caused better than the error itself.
    const classified =
      cliInput?.failure ??
      classifyError(error, {
        serverId,
        uri: command === 'read' ? parsed.positionals[0] : undefined,
        abortReason: controller.signal.aborted ? controller.signal.reason : undefined,
      })
    return report(out, classified, classified.exitCode === ExitCode.usage)
  } finally {
    if (timer) clearTimeout(timer)
    interrupt?.removeEventListener('abort', onInterrupt)
    if (client) await closeQuietly(client)
  }
}

function hasAuthorization(headers: Record<string, string> | undefined): boolean {
  return Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'authorization')
}

async function closeQuietly(client: ResourceClient): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  await Promise.race([
    client.close().catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, closeTimeoutMs)
      timer.unref?.()
    }),
  ])
  if (timer) clearTimeout(timer)
}

function report(out: Output, error: CliError, usage: boolean): number {
  if (out.json) {
    out.record({
      error: {
        kind: error.kind,
        exitCode: error.exitCode,
        message: error.message,
        ...error.details,
      },
    })
  }
  out.error(error.message)
  if (usage) out.note('see resource-kit --help')
  return error.exitCode
}
