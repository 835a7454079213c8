// An SDK 1.x `Client` (@modelcontextprotocol/sdk) the app already has, seen as the parts of
// a 2.x Client that SdkSession uses, so a stdio server the app started is not started again.
// 1.x speaks 2025-era MCP only (`initialize`), validates results with zod (a pass-through
// here: ours is validateRead / validateList), and throws `McpError`s, turned into the 2.x
// errors our mapping knows.
import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client'
import type { AdoptableClient } from './sdkSession.ts'

/** What a 1.x Client has that we use (duck-typed: the package is the app's, not ours). */
interface Sdk1Client {
  transport?: unknown
  onclose?: (() => void) | undefined
  onerror?: ((error: Error) => void) | undefined
  request(
    request: { method: string; params?: unknown },
    resultSchema: unknown,
    options?: { signal?: AbortSignal; timeout?: number },
  ): Promise<unknown>
  getServerCapabilities(): unknown
  getServerVersion(): unknown
  getInstructions(): string | undefined
  close(): Promise<void>
}

/** A 1.x result "schema" that keeps the result as it came (1.x calls `safeParse` on zod 3 shapes). */
const passthrough = {
  safeParse: (data: unknown) => ({ success: true as const, data }),
}

// 1.x ErrorCode values for what is not a server's answer.
const CONNECTION_CLOSED = -32000
const REQUEST_TIMEOUT = -32001

export function isSdk1Client(value: unknown): value is Sdk1Client {
  if (typeof value !== 'object' || value === null) return false
  const client = value as Record<string, unknown>
  return (
    typeof client.request === 'function' &&
    typeof client.getServerCapabilities === 'function' &&
    typeof client.getServerVersion === 'function' &&
    typeof client.close === 'function' &&
    typeof client.getNegotiatedProtocolVersion !== 'function'
  )
}

/** The 1.x Client as an AdoptableClient; undefined transport/capabilities: not connected. */
export function fromSdk1Client(client: Sdk1Client): AdoptableClient {
  const connected = client.transport !== undefined && client.getServerCapabilities() !== undefined
  const transport = client.transport as { protocolVersion?: unknown } | undefined
  return {
    get transport() {
      return client.transport as AdoptableClient['transport']
    },
    get onclose() {
      return client.onclose
    },
    set onclose(listener) {
      client.onclose = listener
    },
    get onerror() {
      return client.onerror
    },
    set onerror(listener) {
      client.onerror = listener
    },
    async request(
      request: { method: string; params?: unknown },
      _schema: unknown,
      options?: { signal?: AbortSignal; timeout?: number },
    ) {
      try {
        return await client.request(request, passthrough, {
          ...(options?.signal && { signal: options.signal }),
          ...(options?.timeout !== undefined && { timeout: options.timeout }),
        })
      } catch (error) {
        throw fromSdk1Error(error)
      }
    },
    listen: () => Promise.reject(new Error('an SDK 1.x Client has no subscriptions/listen')),
    getNegotiatedProtocolVersion: () =>
      connected
        ? typeof transport?.protocolVersion === 'string'
          ? transport.protocolVersion
          : '2025-11-25'
        : undefined,
    getProtocolEra: () => 'legacy',
    getServerCapabilities: () => client.getServerCapabilities() as never,
    getServerVersion: () => client.getServerVersion() as never,
    getInstructions: () => client.getInstructions(),
    close: () => client.close(),
  } as unknown as AdoptableClient
}

/** A 1.x `McpError` as the 2.x error for the same thing; anything else as it is. */
function fromSdk1Error(error: unknown): unknown {
  if (!(error instanceof Error) || typeof (error as { code?: unknown }).code !== 'number')
    return error
  const { code, data } = error as Error & { code: number; data?: unknown }
  // 1.x prefixes "MCP error <code>: "; the server's own words follow.
  const message = error.message.replace(/^MCP error -?\d+: /, '')
  if (code === CONNECTION_CLOSED)
    return new SdkError(SdkErrorCode.ConnectionClosed, message, data, { cause: error })
  if (code === REQUEST_TIMEOUT)
    return new SdkError(SdkErrorCode.RequestTimeout, message, data, { cause: error })
  return new ProtocolError(code, message, data)
}
