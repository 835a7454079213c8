// What failed in an OAuth flow, in one bounded line: the step (discovery, registration,
// token), the HTTP status, and a short plain excerpt of the authorization server's answer.
// The SDK's errors carry the whole response body (an HTML error page, a stack trace),
// which must never become an error message a UI shows.
import {
  OAuthClientFlowError,
  OAuthError,
  RegistrationRejectedError,
} from '@modelcontextprotocol/client'

export type OAuthStep = 'discovery' | 'registration' | 'token'

const STEP: Record<OAuthStep, string> = {
  discovery: 'discovery of the authorization server',
  registration: 'client registration at the authorization server',
  token: 'the token request to the authorization server',
}

const MAX_EXCERPT = 160

/** A failure of the OAuth flow, or undefined when `error` is not one. */
export interface OAuthFailure {
  step?: OAuthStep
  status?: number
  /** "<step> failed (HTTP <status>): <excerpt>", at most a few hundred characters. */
  message: string
}

/** Reads what the SDK threw during discovery, registration or a token request. */
export function oauthFailureOf(error: unknown, step?: OAuthStep): OAuthFailure | undefined {
  if (error instanceof RegistrationRejectedError) {
    return failure('registration', error.status, excerptOf(error.body))
  }
  if (error instanceof OAuthError) {
    // A body that was not an OAuth error document: "HTTP 502: Invalid OAuth error
    // response: <parse error>. Raw body: <body>".
    const raw = /^HTTP (\d{3}): Invalid OAuth error response: [\s\S]*?Raw body: ([\s\S]*)$/.exec(
      error.message,
    )
    if (raw) return failure(step ?? 'token', Number(raw[1]), excerptOf(raw[2] ?? ''))
    return failure(step ?? 'token', undefined, plain(`${error.code}: ${error.message}`))
  }
  const message = error instanceof Error ? error.message : undefined
  if (message === undefined) return undefined
  const metadata = /^HTTP (\d{3}) trying to load (.+?)\.?$/.exec(message)
  if (metadata)
    return failure(
      'discovery',
      Number(metadata[1]),
      plain(`could not load ${metadata[2] ?? 'its metadata'}`),
    )
  if (/^Resource server does not implement OAuth 2\.0 Protected Resource Metadata/.test(message))
    return failure('discovery', undefined, 'the server publishes no protected resource metadata')
  if (/does not support dynamic client registration/.test(message))
    return failure('registration', undefined, plain(message))
  if (error instanceof OAuthClientFlowError) return failure(step, undefined, plain(message))
  return undefined
}

function failure(step: OAuthStep | undefined, status: number | undefined, excerpt: string) {
  const what = step ? `${STEP[step]} failed` : 'signing in failed'
  const code = status === undefined ? '' : ` (HTTP ${status})`
  return {
    ...(step && { step }),
    ...(status !== undefined && { status }),
    message: `${what}${code}${excerpt ? `: ${excerpt}` : ''}`,
  }
}

/** A short plain text of a response body: an OAuth error document, an HTML page, or text. */
export function excerptOf(body: string): string {
  const text = body.trim()
  try {
    const json: unknown = JSON.parse(text)
    if (typeof json === 'object' && json !== null) {
      const { error, error_description } = json as Record<string, unknown>
      const parts = [error, error_description].filter(
        (part): part is string => typeof part === 'string' && part.length > 0,
      )
      if (parts.length > 0) return plain(parts.join(': '))
    }
  } catch {
    // not JSON
  }
  return /<[a-z!/][^>]*>/i.test(text) ? plain(htmlLines(text).join(' · ')) : plain(text)
}

/** The title and the first lines of a page's text, without markup, scripts or stack frames. */
function htmlLines(html: string): string[] {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]
  const body = (/<body[^>]*>([\s\S]*)/i.exec(html)?.[1] ?? html)
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<(br|hr)\b[^>]*>|<\/(p|div|h[1-6]|li|pre|tr|center|title)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
  const lines = [title ?? '', ...decode(body).split('\n')]
    .map((line) => decode(line).replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0 && !/^at\s/.test(line))
  return lines.filter((line, i) => lines.indexOf(line) === i).slice(0, 3)
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
}

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? Number.parseInt(name.slice(2), 16)
          : Number(name.slice(1))
      return Number.isFinite(code) && code > 31 && code < 0x110000
        ? String.fromCodePoint(code)
        : ' '
    }
    return ENTITIES[name.toLowerCase()] ?? entity
  })
}

/** One line, no markup characters, no query strings (they may hold codes), bounded. */
function plain(text: string): string {
  const line = text
    .replace(/[?#]\S*/g, '')
    .replace(/[<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return line.length > MAX_EXCERPT ? `${line.slice(0, MAX_EXCERPT - 1).trimEnd()}…` : line
}
