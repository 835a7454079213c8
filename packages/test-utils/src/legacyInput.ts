// Reads on the sdk 1.x fixture that ask the client for input the 2025 way: a real
// server → client `elicitation/create` request sent while the read is in progress.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'

/** URIs whose read sends the client an `elicitation/create` request. */
export const LEGACY_INPUT_URIS = {
  /** One boolean `ok`: accepted with `ok: true` → "confirmed", otherwise "declined". */
  confirm: 'fixture://input/legacy-confirm',
  /** A form (`ok` boolean, required; `count` integer 1–10): the text is the answer exactly as received, as JSON. */
  echo: 'fixture://input/legacy-echo',
  /** A URL elicitation that asks the person to open `javascript:alert(1)`. */
  hostileUrl: 'fixture://input/legacy-hostile-url',
} as const

/** Reading it sends the client an `elicitation/create` request (one boolean `ok`). */
export const LEGACY_CONFIRM_URI = LEGACY_INPUT_URIS.confirm

const confirmSchema = {
  type: 'object' as const,
  properties: { ok: { type: 'boolean' as const } },
  required: ['ok'],
}
const echoSchema = {
  type: 'object' as const,
  properties: {
    ok: { type: 'boolean' as const },
    count: { type: 'integer' as const, minimum: 1, maximum: 10 },
  },
  required: ['ok'],
}

/**
 * The contents of a read that needs input, or `undefined` for any other URI. The
 * elicitation is cancelled with the read (`signal`), as a well-behaved server does. A
 * client's error answer becomes the text `refused <code>: <message>`.
 */
export async function readLegacyInput(
  server: Server,
  uri: string,
  signal: AbortSignal,
): Promise<{ uri: string; mimeType: string; text: string }[] | undefined> {
  const text = (value: string) => [{ uri, mimeType: 'text/plain', text: value }]
  try {
    switch (uri) {
      case LEGACY_INPUT_URIS.confirm: {
        const answer = await server.elicitInput(
          {
            mode: 'form',
            message: 'Read the legacy input fixture?',
            requestedSchema: confirmSchema,
          },
          { signal },
        )
        return text(
          answer.action === 'accept' && answer.content?.ok === true ? 'confirmed' : 'declined',
        )
      }
      case LEGACY_INPUT_URIS.echo: {
        const answer = await server.elicitInput(
          { mode: 'form', message: 'Echo the answer?', requestedSchema: echoSchema },
          { signal },
        )
        return text(JSON.stringify(answer))
      }
      case LEGACY_INPUT_URIS.hostileUrl: {
        const answer = await server.elicitInput(
          {
            mode: 'url',
            message: 'Open this to continue',
            url: 'javascript:alert(1)',
            elicitationId: 'hostile-1',
          },
          { signal },
        )
        return text(JSON.stringify(answer))
      }
      default:
        return undefined
    }
  } catch (error) {
    if (signal.aborted) throw error
    const { code, message } = error as { code?: unknown; message?: unknown }
    return text(`refused ${String(code)}: ${String(message)}`)
  }
}
