// The text of `--help`, for the whole command and for each subcommand.
import type { CommandName } from './args.ts'
import { exitCodeHelp } from './exitCodes.ts'

const servers = `Server (exactly one):
  -u, --url URL              a Streamable HTTP endpoint
  -c, --config FILE          a JSON config: {"mcpServers": {"name": {"command","args","env","cwd"} | {"url","headers"}}}
  -s, --server NAME          the server to use from --config (optional if it names only one)
  -- COMMAND [ARGS…]         a stdio server: everything after -- is the command line
  -H, --header "Name: value" HTTP header (repeatable), e.g. -H "Authorization: Bearer $TOKEN"
  -e, --env KEY=VALUE        environment variable for a stdio server (repeatable)`

const common = `Options:
      --json                 print one JSON document (NDJSON lines for watch); errors too
      --color, --no-color    force colours on or off (default: on a terminal, unless NO_COLOR)
  -i, --input KEY=VALUE      answer a field of a form the server asks for (repeatable)
  -y, --yes                  accept the server's input requests with their defaults
      --timeout SECONDS      give up after this long (exit 8)
  -q, --quiet                hide a stdio server's stderr
  -h, --help                 show help (also: resource-kit help COMMAND)
  -V, --version              show the version`

const commandHelp: Record<Exclude<CommandName, 'help'>, string> = {
  login: `resource-kit login URL

Sign in to an OAuth-protected HTTP server: opens the authorization server's page in your
browser ($BROWSER, else the system's opener; the URL is printed too, to open by hand)
and waits on a loopback redirect (http://127.0.0.1:PORT/callback). The tokens are kept in
$RESOURCE_KIT_AUTH_FILE (default: resource-kit/auth.json in your config directory,
readable only by you) and used by every later command with --url URL.
For a token obtained elsewhere, pass --header "Authorization: Bearer TOKEN" instead.`,
  logout: `resource-kit logout URL

Sign out of the server: revokes the tokens where the authorization server supports it and
forgets them.`,
  info: `resource-kit info [server]

Show what the server is: protocol era (modern 2026-07-28 or legacy 2025-11-25), the
negotiated protocol version, its capabilities and its name and version.`,
  ls: `resource-kit ls [--templates] [--all] [--max-pages N] [--max-items N] [--cursor C] [server]

List resources (or resource templates), one page by default.
  -t, --templates            list resource templates instead of resources
  -a, --all                  walk every page (stops after 1000 pages unless --max-pages); a
                             progress line shows on stderr when the walk takes a while
      --max-pages N          stop after N pages (implies a walk)
      --max-items N          stop after N items (implies a walk)
      --cursor C             start from this cursor (printed when a list goes on)
An incomplete list says so on stderr and, with --json, in "complete"/"stoppedBy"/"nextCursor".`,
  tree: `resource-kit tree [--max-pages N] [--max-items N] [server]

Show every resource as a tree by URI path: one root per scheme and authority, one level
per path segment (single-child folders joined). Walks all pages, like ls --all.`,
  read: `resource-kit read URI [-o FILE|DIR|-] [--max-bytes N] [server]

Read a resource. Text goes to stdout (byte for byte into a pipe; control characters shown
escaped on a terminal). Binary contents are summarized unless saved:
  -o, --output FILE          save the contents to FILE (a DIR/ when the read returns several)
  -o -                       write the raw contents (text or bytes) to stdout
      --max-bytes N          refuse contents larger than N bytes
Several contents are shown in turn, each under a heading. A missing resource exits 3.`,
  complete: `resource-kit complete TEMPLATE VARIABLE VALUE [--arg NAME=VALUE]… [server]

Ask the server to complete one variable of a resource template (completion/complete).
TEMPLATE is the URI template as listed (e.g. 'file:///{path}') or a template's name.
      --arg NAME=VALUE       a variable already chosen, sent as context (repeatable)`,
  watch: `resource-kit watch URI… [--list] [--count N] [server]

Print changes as they arrive until Ctrl-C: "updated URI", "list changed", and "resynced"
after the connection dropped and the subscription was re-established.
  -l, --list                 also watch the resource list (list_changed)
  -n, --count N              stop after N changes (exit 0)
      --timeout SECONDS      watch for this long, then stop (exit 0)
With --json each line is one JSON object (status changes and events).`,
  search: `resource-kit search QUERY… [--limit N] [--max-pages N] [--max-items N] [servers]

Search the resources of every server given (all servers of --config unless --server picks
one) by name, title, URI and description; typos and abbreviations are fine. Prints the best
hits with server, URI and why they matched (matched characters in «»). Each server's list
is walked first (a progress line shows on stderr when that takes a while).
      --limit N              show at most N hits (default 10)
      --max-pages N          walk at most N pages per server (default 50)
      --max-items N          search at most N resources per server (default 20000)
A server that fails is reported on stderr (exit 6) and the others are still searched.`,
}

export function exitCodesText(): string {
  return `Exit codes:\n${exitCodeHelp.map(([code, text]) => `  ${String(code).padStart(3)}  ${text}`).join('\n')}`
}

/** The help for one command, or the overview when none is given. */
export function helpText(command?: CommandName): string {
  if (command && command !== 'help') {
    return `Usage: ${commandHelp[command]}\n\n${servers}\n\n${common}\n\n${exitCodesText()}\n`
  }
  return `resource-kit — browse, read and watch the resources of an MCP server

Usage: resource-kit COMMAND [ARGS] [OPTIONS] (--url URL | --config FILE [--server NAME] | -- COMMAND…)

Commands:
  info                       era, protocol version, capabilities, server info
  ls                         list resources (--templates for templates, --all for every page)
  tree                       resources as a tree by URI path
  read URI                   print a resource (-o FILE to save binary contents)
  complete TEMPLATE VAR VAL  complete a template variable
  watch URI… [--list]        print updates as they arrive
  search QUERY               search the resources of every configured server
  login URL                  sign in to an OAuth-protected server (loopback redirect)
  logout URL                 sign out: revoke and forget the tokens

${servers}

${common}

Input: when the server asks for input (an elicitation form), resource-kit prompts on a
terminal. Otherwise give the answers with --input KEY=VALUE, or --yes to accept defaults;
with neither, it exits 4 and lists the fields the server wants.

${exitCodesText()}

Examples:
  resource-kit ls --all -- node server.js --flag
  resource-kit read 'file:///README.md' --url http://127.0.0.1:3000/mcp
  resource-kit tree --config ~/.config/mcp.json --server docs
  resource-kit search 'button offline' --config ~/.config/mcp.json
  resource-kit complete 'file:///{path}' path src --json -- npx my-server
`
}
