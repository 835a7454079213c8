// The command line: `resource-kit <command> [args] [options] [-- stdio command…]`, parsed
// with node:util parseArgs. Everything after the first `--` is the stdio server command and
// is never read as an option. Options may come anywhere before `--`; an option that does
// not belong to the command is a usage error rather than silently ignored.
import { parseArgs } from 'node:util'
import { UsageError } from './cliError.ts'

export const commandNames = [
  'info',
  'ls',
  'tree',
  'read',
  'complete',
  'watch',
  'search',
  'login',
  'logout',
  'help',
] as const
export type CommandName = (typeof commandNames)[number]

export interface CliOptions {
  url?: string
  header: string[]
  config?: string
  server?: string
  env: string[]
  json: boolean
  color?: boolean
  input: string[]
  yes: boolean
  timeout?: number
  quiet: boolean
  templates: boolean
  all: boolean
  maxPages?: number
  maxItems?: number
  cursor?: string
  output?: string
  maxBytes?: number
  arg: string[]
  list: boolean
  count?: number
  limit?: number
}

export interface ParsedArgs {
  /** Undefined when only `--help` / `--version` (or nothing) was given. */
  command?: CommandName
  /** Positionals after the command name. */
  positionals: string[]
  /** The stdio server command (everything after `--`), if any. */
  stdioCommand?: string[]
  options: CliOptions
  help: boolean
  version: boolean
}

const optionSpec = {
  url: { type: 'string', short: 'u' },
  header: { type: 'string', short: 'H', multiple: true },
  config: { type: 'string', short: 'c' },
  server: { type: 'string', short: 's' },
  env: { type: 'string', short: 'e', multiple: true },
  json: { type: 'boolean' },
  color: { type: 'boolean' },
  input: { type: 'string', short: 'i', multiple: true },
  yes: { type: 'boolean', short: 'y' },
  timeout: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
  templates: { type: 'boolean', short: 't' },
  all: { type: 'boolean', short: 'a' },
  'max-pages': { type: 'string' },
  'max-items': { type: 'string' },
  cursor: { type: 'string' },
  output: { type: 'string', short: 'o' },
  'max-bytes': { type: 'string' },
  arg: { type: 'string', multiple: true },
  list: { type: 'boolean', short: 'l' },
  count: { type: 'string', short: 'n' },
  limit: { type: 'string' },
} as const

type OptionName = keyof typeof optionSpec

const globalOptions: readonly OptionName[] = [
  'url',
  'header',
  'config',
  'server',
  'env',
  'json',
  'color',
  'input',
  'yes',
  'timeout',
  'quiet',
  'help',
  'version',
]

/** Options each command accepts besides the global ones. */
export const commandOptions: Record<CommandName, readonly OptionName[]> = {
  info: [],
  ls: ['templates', 'all', 'max-pages', 'max-items', 'cursor'],
  tree: ['max-pages', 'max-items'],
  read: ['output', 'max-bytes'],
  complete: ['arg'],
  watch: ['list', 'count'],
  search: ['limit', 'max-pages', 'max-items'],
  login: [],
  logout: [],
  help: [],
}

/** How many positionals each command takes: [min, max]. */
const arity: Record<CommandName, readonly [number, number]> = {
  info: [0, 0],
  ls: [0, 0],
  tree: [0, 0],
  read: [1, 1],
  complete: [3, 3],
  watch: [0, Number.POSITIVE_INFINITY],
  search: [1, Number.POSITIVE_INFINITY],
  login: [0, 1],
  logout: [0, 1],
  help: [0, 1],
}

const positionalNames: Record<CommandName, string> = {
  info: '',
  ls: '',
  tree: '',
  read: 'URI',
  complete: 'TEMPLATE VARIABLE VALUE',
  watch: 'URI…',
  search: 'QUERY',
  login: '[URL]',
  logout: '[URL]',
  help: '[COMMAND]',
}

export function isCommandName(name: string): name is CommandName {
  return (commandNames as readonly string[]).includes(name)
}

/** Parses argv (without node and the script). Throws UsageError on anything it cannot accept. */
export function parseCliArgs(argv: readonly string[]): ParsedArgs {
  const split = argv.indexOf('--')
  const before = split === -1 ? [...argv] : argv.slice(0, split)
  const stdioCommand = split === -1 ? undefined : argv.slice(split + 1)

  let parsed: ReturnType<
    typeof parseArgs<{
      options: typeof optionSpec
      allowPositionals: true
      allowNegative: true
      tokens: true
      strict: true
    }>
  >
  try {
    parsed = parseArgs({
      args: before,
      options: optionSpec,
      allowPositionals: true,
      allowNegative: true,
      strict: true,
      tokens: true,
    })
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  const { values, positionals, tokens } = parsed
  const [first, ...rest] = positionals
  if (first !== undefined && !isCommandName(first)) {
    throw new UsageError(`unknown command "${first}" (commands: ${commandNames.join(', ')})`)
  }
  const command = first
  const help = values.help === true
  if (command) checkOptionsBelong(command, tokens, help)
  if (command && !help) checkArity(command, rest)
  if (stdioCommand !== undefined && stdioCommand.length === 0) {
    throw new UsageError(
      'nothing after "--": give the stdio server command, e.g. -- node server.js',
    )
  }

  const options: CliOptions = {
    url: values.url,
    header: values.header ?? [],
    config: values.config,
    server: values.server,
    env: values.env ?? [],
    json: values.json === true,
    color: values.color,
    input: values.input ?? [],
    yes: values.yes === true,
    timeout: positiveNumber('--timeout', values.timeout, false),
    quiet: values.quiet === true,
    templates: values.templates === true,
    all: values.all === true,
    maxPages: positiveNumber('--max-pages', values['max-pages'], true),
    maxItems: positiveNumber('--max-items', values['max-items'], true),
    cursor: values.cursor,
    output: values.output,
    maxBytes: positiveNumber('--max-bytes', values['max-bytes'], true),
    arg: values.arg ?? [],
    list: values.list === true,
    count: positiveNumber('--count', values.count, true),
    limit: positiveNumber('--limit', values.limit, true),
  }
  if (command === 'watch' && !help && rest.length === 0 && !options.list) {
    throw new UsageError('watch needs at least one URI, or --list for list changes')
  }
  return {
    command,
    positionals: rest,
    stdioCommand,
    options,
    help,
    version: values.version === true,
  }
}

function checkOptionsBelong(
  command: CommandName,
  tokens: readonly { kind: string; name?: string; rawName?: string }[],
  help: boolean,
): void {
  if (help) return
  const allowed = new Set<string>([...globalOptions, ...commandOptions[command]])
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === undefined) continue
    if (!allowed.has(token.name)) {
      throw new UsageError(
        `option ${token.rawName ?? `--${token.name}`} does not apply to "${command}"`,
      )
    }
  }
}

function checkArity(command: CommandName, positionals: readonly string[]): void {
  const [min, max] = arity[command]
  const usage = `usage: resource-kit ${command} ${positionalNames[command]}`.trimEnd()
  if (positionals.length < min) {
    throw new UsageError(`${command}: missing ${positionalNames[command]} (${usage})`)
  }
  if (positionals.length > max) {
    const extra = positionals[max]
    const hint = extra?.startsWith('http') ? ' (a server URL goes in --url)' : ''
    throw new UsageError(`${command}: unexpected argument "${extra}"${hint} (${usage})`)
  }
}

function positiveNumber(
  name: string,
  raw: string | undefined,
  integer: boolean,
): number | undefined {
  if (raw === undefined) return undefined
  const value = Number(raw)
  const valid =
    raw.trim() !== '' &&
    Number.isFinite(value) &&
    value > 0 &&
    (!integer || Number.isInteger(value))
  if (!valid) {
    throw new UsageError(
      `${name} must be a positive ${integer ? 'integer' : 'number'}, got "${raw}"`,
    )
  }
  return value
}
