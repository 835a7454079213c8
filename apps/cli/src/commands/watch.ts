// `watch URI… [--list]`: prints each change as it arrives (NDJSON with --json) until
// Ctrl-C, `--count N` changes, or `--timeout` (all exit 0). The client re-listens after a drop; a `resynced` line says
// the stream came back and anything watched may have changed meanwhile.
import type { WatchEvent, WatchSnapshot } from '@resource-kit/client'
import { classifyError } from '../classifyError.ts'
import { CliError } from '../cliError.ts'
import type { CommandContext } from '../commandContext.ts'
import { ExitCode } from '../exitCodes.ts'
import { sanitizeLine } from '../sanitize.ts'

export async function runWatch(context: CommandContext): Promise<number> {
  const { client, serverId, options, signal } = context
  const uris = context.positionals
  const watch = client.watch(serverId, { uris, listChanged: options.list })
  let changes = 0
  let lastStatus: WatchSnapshot['status'] | undefined
  const stops: (() => void)[] = []

  const outcome = new Promise<number>((resolve, reject) => {
    const onStatus = () => {
      const snapshot = watch.getSnapshot()
      if (snapshot.status === lastStatus) return
      lastStatus = snapshot.status
      reportStatus(context, snapshot)
      if (snapshot.status === 'unsupported') {
        const what = [uris.length > 0 && 'resource subscriptions', options.list && 'list changes']
          .filter(Boolean)
          .join(' or ')
        reject(
          new CliError(
            `server "${sanitizeLine(serverId)}" does not support ${what}`,
            ExitCode.unsupported,
            'unsupported',
            { server: serverId },
          ),
        )
      } else if (snapshot.status === 'error') {
        reject(classifyError(snapshot.error ?? new Error('the subscription failed'), { serverId }))
      } else if (snapshot.status === 'closed' && !signal.aborted) {
        reject(
          new CliError(
            `server "${sanitizeLine(serverId)}" closed the subscription`,
            ExitCode.connectionFailed,
            'connection_failed',
            { server: serverId },
          ),
        )
      }
    }
    stops.push(watch.subscribe(onStatus))
    stops.push(
      watch.onEvent((event) => {
        reportEvent(context, event)
        if (event.type !== 'resynced') changes += 1
        if (options.count !== undefined && changes >= options.count) resolve(ExitCode.ok)
      }),
    )
    const onAbort = () => {
      const reason = signal.reason
      const ended = reason instanceof CliError ? reason.exitCode : undefined
      // Ctrl-C is how a watch normally ends; so is --timeout once it was watching (the
      // time asked for is up), but not a watch that never got going.
      if (
        ended === ExitCode.interrupted ||
        (ended === ExitCode.timeout && lastStatus !== undefined && lastStatus !== 'connecting')
      )
        resolve(ExitCode.ok)
      else reject(reason)
    }
    if (signal.aborted) onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    stops.push(() => signal.removeEventListener('abort', onAbort))
    onStatus()
  })
  try {
    return await outcome
  } finally {
    for (const stop of stops) stop()
    await watch.close()
  }
}

function reportStatus(
  { out, serverId, positionals, options }: CommandContext,
  snapshot: WatchSnapshot,
): void {
  if (out.json) {
    out.record({
      type: 'status',
      status: snapshot.status,
      attempt: snapshot.attempt,
      ...(snapshot.honored && { honored: snapshot.honored }),
      ...(snapshot.error && { error: snapshot.error.message }),
    })
    return
  }
  const server = `server "${sanitizeLine(serverId)}"`
  if (snapshot.status === 'live') {
    const what = [
      positionals.length > 0 &&
        `${positionals.length} resource${positionals.length === 1 ? '' : 's'}`,
      options.list && 'the resource list',
    ].filter(Boolean)
    out.note(`watching ${what.join(' and ')} on ${server} (Ctrl-C to stop)`)
    const honored = snapshot.honored
    if (honored) {
      const refused = positionals.filter((uri) => !honored.resourceSubscriptions?.includes(uri))
      if (refused.length > 0)
        out.warn(`${server} will not send updates for ${refused.map(sanitizeLine).join(', ')}`)
      if (options.list && !honored.resourcesListChanged)
        out.warn(`${server} will not send list changes`)
    }
  } else if (snapshot.status === 'reconnecting') {
    const why = snapshot.error ? `: ${sanitizeLine(snapshot.error.message)}` : ''
    out.note(`connection to ${server} lost${why}; listening again (attempt ${snapshot.attempt})…`)
  }
}

function reportEvent({ out, now }: CommandContext, event: WatchEvent): void {
  const time = new Date(now()).toISOString()
  if (out.json) {
    out.record({ ...event, time })
    return
  }
  const { dim, cyan, yellow } = out.style
  if (event.type === 'updated')
    out.line(`${dim(time)}  updated       ${cyan(sanitizeLine(event.uri))}`)
  else if (event.type === 'listChanged') out.line(`${dim(time)}  list changed`)
  else
    out.line(
      `${dim(time)}  ${yellow('resynced')}      ${dim('(reconnected: anything watched may have changed)')}`,
    )
}
