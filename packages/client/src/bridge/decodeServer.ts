// A server snapshot from the backend, read as untrusted: known statuses only, text cut to
// size, capabilities reduced to the flags the page uses. Sign-in actions are the page's own
// (they ask the backend), bound here.
import { isPlainObject } from '../isPlainObject.ts'
import type {
  Implementation,
  ServerAuthSnapshot,
  ServerCapabilities,
  ServerSnapshot,
  ServerStatus,
} from '../types.ts'
import { decodeError } from './decodeError.ts'
import { readText } from './protocol.ts'

const STATUSES: readonly ServerStatus[] = [
  'connecting',
  'reconnecting',
  'ready',
  'offline',
  'needs-auth',
  'error',
  'closed',
]

export interface SignInActions {
  signIn(serverId: string, signal?: AbortSignal): Promise<void>
  signOut(serverId: string, signal?: AbortSignal): Promise<void>
}

export function decodeServer(value: unknown, actions: SignInActions): ServerSnapshot | undefined {
  if (!isPlainObject(value)) return undefined
  const id = typeof value.id === 'string' && value.id.length <= 8192 ? value.id : undefined
  const status = STATUSES.find((known) => known === value.status)
  if (id === undefined || status === undefined) return undefined
  const serverInfo = readImplementation(value.serverInfo)
  const capabilities = readCapabilities(value.capabilities)
  const auth = readAuth(value.auth, id, actions)
  const protocolVersion = readText(value.protocolVersion, 64)
  const instructions = readText(value.instructions, 100_000)
  return {
    id,
    status,
    ...(value.error !== undefined && { error: decodeError(value.error, id) }),
    ...((value.era === 'modern' || value.era === 'legacy') && { era: value.era }),
    ...(protocolVersion !== undefined && { protocolVersion }),
    ...(capabilities && { capabilities }),
    ...(serverInfo && { serverInfo }),
    ...(instructions !== undefined && { instructions }),
    ...(auth && { auth }),
  }
}

function readImplementation(value: unknown): Implementation | undefined {
  if (!isPlainObject(value)) return undefined
  const name = readText(value.name, 500)
  const version = readText(value.version, 100)
  if (name === undefined || version === undefined) return undefined
  const title = readText(value.title, 500)
  const description = readText(value.description, 5000)
  const websiteUrl = readText(value.websiteUrl, 2000)
  // Icons are checked again wherever they are shown (safeIconSrc); here only their shape.
  const icons = Array.isArray(value.icons)
    ? value.icons
        .filter(
          (icon): icon is { src: string } => isPlainObject(icon) && typeof icon.src === 'string',
        )
        .slice(0, 16)
        .map((icon) => ({ src: icon.src }))
    : undefined
  return {
    name,
    version,
    ...(title !== undefined && { title }),
    ...(description !== undefined && { description }),
    ...(websiteUrl !== undefined && { websiteUrl }),
    ...(icons && icons.length > 0 && { icons }),
  }
}

function readCapabilities(value: unknown): ServerCapabilities | undefined {
  if (!isPlainObject(value)) return undefined
  const resources = isPlainObject(value.resources)
    ? {
        ...(value.resources.subscribe === true && { subscribe: true }),
        ...(value.resources.listChanged === true && { listChanged: true }),
      }
    : undefined
  return {
    ...(resources && { resources }),
    ...(isPlainObject(value.completions) && { completions: {} }),
  }
}

function readAuth(
  value: unknown,
  serverId: string,
  actions: SignInActions,
): ServerAuthSnapshot | undefined {
  if (!isPlainObject(value)) return undefined
  const phase =
    value.phase === 'signed-in' || value.phase === 'signing-in' ? value.phase : 'signed-out'
  const account = isPlainObject(value.account)
    ? {
        ...(readText(value.account.subject, 500) !== undefined && {
          subject: readText(value.account.subject, 500),
        }),
        ...(readText(value.account.name, 500) !== undefined && {
          name: readText(value.account.name, 500),
        }),
      }
    : undefined
  const authorizationServer = readText(value.authorizationServer, 2000)
  const scope = readText(value.scope, 2000)
  return {
    phase,
    serverName: readText(value.serverName, 500) ?? serverId,
    needsAuthorization: value.needsAuthorization === true,
    ...(authorizationServer !== undefined && { authorizationServer }),
    ...(account && { account }),
    ...(scope !== undefined && { scope }),
    signIn: (options) => actions.signIn(serverId, options?.signal),
    signOut: (options) => actions.signOut(serverId, options?.signal),
  }
}
