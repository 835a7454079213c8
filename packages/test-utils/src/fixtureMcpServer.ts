// One MCP server instance over a FixtureWorld, on @modelcontextprotocol/server v2 (both
// eras: the SDK serves 2026-07-28 and falls back to 2025-11-25 `initialize`).
import {
  acceptedContent,
  inputRequired,
  inputResponse,
  ProtocolError,
  Server,
} from '@modelcontextprotocol/server'
import { readContents, TEMPLATES } from './fixtureData.ts'
import { type FixtureWorld, InvalidCursor } from './fixtureWorld.ts'

/** URIs whose read answers `input_required` (modern) or sends `elicitation/create` (legacy). */
export const INPUT_URIS = {
  /** One confirmation (boolean `ok`); accepted → "confirmed", otherwise "declined". */
  confirm: 'fixture://input/confirm',
  /** Asks for `name`, then for confirmation (state carried in `requestState`): "hello NAME". */
  twoRounds: 'fixture://input/two-rounds',
  /** Never satisfied: asks again on every retry. */
  endless: 'fixture://input/endless',
  /** Answers with `requestState` only ("come back"), then completes on the retry. */
  stateOnly: 'fixture://input/state-only',
} as const

const confirmSchema = {
  type: 'object' as const,
  properties: { ok: { type: 'boolean' as const, title: 'Read it?' } },
  required: ['ok'],
}
const nameSchema = {
  type: 'object' as const,
  properties: { name: { type: 'string' as const, title: 'Your name' } },
  required: ['name'],
}

/**
 * A Server over `world`. With `live`, it tells its client about changes itself
 * (stdio / in-memory connections); HTTP instances live for one request and are
 * notified through the handler's `notify` instead.
 */
export function createFixtureMcpServer(
  world: FixtureWorld,
  options: { era: 'modern' | 'legacy'; live: boolean },
): Server {
  const server = new Server(
    { name: world.options.name, version: '1.0.0' },
    { capabilities: { resources: { subscribe: true, listChanged: true }, completions: {} } },
  )
  const subscribed = new Set<string>()

  server.setRequestHandler('resources/list', (request) => {
    world.count('resources/list')
    const cursor = request.params?.cursor
    try {
      const page = world.page(cursor)
      return { ...page, ...world.hints() } as never
    } catch (error) {
      if (error instanceof InvalidCursor) throw new ProtocolError(-32602, 'Invalid cursor')
      throw error
    }
  })

  server.setRequestHandler('resources/templates/list', () => {
    world.count('resources/templates/list')
    return { resourceTemplates: TEMPLATES, ...world.hints() } as never
  })

  server.setRequestHandler('resources/read', (request, ctx) => {
    world.count('resources/read')
    const uri = request.params.uri
    const asked = answerInput(uri, ctx.mcpReq.inputResponses, ctx.mcpReq.requestState?.())
    if (asked !== undefined) return asked as never
    const contents = readContents(uri, world.resources, world.texts)
    if (!contents) throw new ProtocolError(-32602, 'Resource not found', { uri })
    return { contents, ...world.hints() } as never
  })

  server.setRequestHandler('completion/complete', (request) => {
    return world.complete(request.params)
  })

  server.setRequestHandler('resources/subscribe', (request) => {
    world.count('resources/subscribe')
    subscribed.add(request.params.uri)
    return {}
  })
  server.setRequestHandler('resources/unsubscribe', (request) => {
    world.count('resources/unsubscribe')
    subscribed.delete(request.params.uri)
    return {}
  })

  if (options.live) {
    const off = world.onChange((change) => {
      if (change.type === 'listChanged') {
        server.sendResourceListChanged().catch(() => {})
      } else if (options.era === 'modern' || subscribed.has(change.uri)) {
        // Modern: the SDK's listen router delivers it to the listens that asked for it.
        server.sendResourceUpdated({ uri: change.uri }).catch(() => {})
      }
    })
    const previous = server.onclose
    server.onclose = () => {
      off()
      previous?.()
    }
  }
  return server
}

function answerInput(
  uri: string,
  responses: Record<string, unknown> | undefined,
  state: unknown,
): unknown {
  switch (uri) {
    case INPUT_URIS.confirm: {
      const view = inputResponse(responses, 'confirm')
      if (view.kind === 'missing') {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              message: 'Read the input fixture?',
              requestedSchema: confirmSchema,
            }),
          },
        })
      }
      const ok = acceptedContent(responses, 'confirm')?.ok === true
      return text(uri, ok ? 'confirmed' : 'declined')
    }
    case INPUT_URIS.twoRounds: {
      const previous = state
      const name = acceptedContent(responses, 'name')?.name
      if (typeof previous === 'string' && previous.startsWith('name:')) {
        const ok = acceptedContent(responses, 'confirm')?.ok === true
        return text(uri, ok ? `hello ${previous.slice(5)}` : 'declined')
      }
      if (typeof name === 'string') {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              message: `Greet ${name}?`,
              requestedSchema: confirmSchema,
            }),
          },
          requestState: `name:${name}`,
        })
      }
      return inputRequired({
        inputRequests: {
          name: inputRequired.elicit({
            message: 'What is your name?',
            requestedSchema: nameSchema,
          }),
        },
      })
    }
    case INPUT_URIS.endless:
      return inputRequired({
        inputRequests: {
          again: inputRequired.elicit({ message: 'Once more?', requestedSchema: confirmSchema }),
        },
      })
    case INPUT_URIS.stateOnly:
      return state === 'come-back'
        ? text(uri, 'came back')
        : inputRequired({ requestState: 'come-back' })
    default:
      return undefined
  }
}

function text(uri: string, value: string) {
  return {
    contents: [{ uri, mimeType: 'text/plain', text: value }],
    ttlMs: 0,
    cacheScope: 'private',
  }
}
