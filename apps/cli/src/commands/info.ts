// `info`: what the server is — era, negotiated protocol version, capabilities, server info.
import type { ServerSnapshot } from '@resource-kit/client'
import type { CommandContext } from '../commandContext.ts'
import { ExitCode } from '../exitCodes.ts'
import { sanitizeBlock, sanitizeLine } from '../sanitize.ts'

export async function runInfo({ client, serverId, out }: CommandContext): Promise<number> {
  const server = client.getServer(serverId) as ServerSnapshot
  if (out.json) {
    out.document({
      server: serverId,
      status: server.status,
      era: server.era,
      protocolVersion: server.protocolVersion,
      capabilities: server.capabilities ?? {},
      serverInfo: server.serverInfo,
      ...(server.instructions !== undefined && { instructions: server.instructions }),
    })
    return ExitCode.ok
  }
  const { bold, dim, green } = out.style
  const info = server.serverInfo
  const caps = server.capabilities ?? {}
  const yes = (detail = '') => `${green('yes')}${detail ? dim(` (${detail})`) : ''}`
  const resources = caps.resources
    ? yes(
        [caps.resources.subscribe && 'subscribe', caps.resources.listChanged && 'listChanged']
          .filter(Boolean)
          .join(', '),
      )
    : dim('no')
  const others = Object.keys(caps)
    .filter((key) => key !== 'resources' && key !== 'completions')
    .map(sanitizeLine)
  const rows: [string, string][] = [
    ['server', `${bold(sanitizeLine(serverId))}`],
    [
      'name',
      info ? `${sanitizeLine(info.name)} ${dim(sanitizeLine(info.version))}` : dim('(not given)'),
    ],
    ...(info?.title ? [['title', sanitizeLine(info.title)] as [string, string]] : []),
    [
      'era',
      server.era === 'modern'
        ? 'modern'
        : server.era === 'legacy'
          ? `legacy ${dim('(initialize handshake)')}`
          : dim('unknown'),
    ],
    ['protocol', sanitizeLine(server.protocolVersion ?? 'unknown')],
    ['resources', resources],
    ['completions', caps.completions ? yes() : dim('no')],
    ['other', others.length > 0 ? others.join(', ') : dim('none')],
  ]
  for (const [label, value] of rows) out.line(`${dim(label.padEnd(12))}${value}`)
  if (server.instructions) {
    out.line(dim('instructions'))
    for (const line of sanitizeBlock(server.instructions).split('\n')) out.line(`  ${line}`)
  }
  return ExitCode.ok
}
