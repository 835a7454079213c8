// A Session whose requests wait until the test answers them, for deterministic races:
// a response can land after a notification, or never. Built on FakeSession (listen
// streams and unsolicited notifications); only `request` is scripted.
import type { SessionRequestOptions } from '../session.ts'
import { FakeSession } from './subscriptionsFakes.ts'

export interface PendingRequest {
  method: string
  params: Record<string, unknown>
  resolve(result: Record<string, unknown>): void
  reject(error: Error): void
}

export class ScriptedSession extends FakeSession {
  /** Requests not answered yet, in the order they were sent. */
  readonly pending: PendingRequest[] = []
  /** Answers at once instead of waiting (return undefined to wait for the test). */
  auto?: (method: string, params: Record<string, unknown>) => Record<string, unknown> | undefined
  sent = 0

  override async request(
    method: string,
    params: Record<string, unknown>,
    options?: SessionRequestOptions,
  ): Promise<Record<string, unknown>> {
    this.sent++
    this.requests.push({ method, params })
    const now = this.auto?.(method, params)
    if (now) return now
    return new Promise((resolve, reject) => {
      const entry: PendingRequest = { method, params, resolve, reject }
      this.pending.push(entry)
      options?.signal?.addEventListener('abort', () => reject(options.signal?.reason), {
        once: true,
      })
    })
  }

  /** The oldest pending request for `method` (and `uri`/`cursor` when given), removed from the queue. */
  take(method: string, match: { uri?: string; cursor?: string } = {}): PendingRequest {
    const index = this.pending.findIndex(
      (entry) =>
        entry.method === method &&
        (match.uri === undefined || entry.params.uri === match.uri) &&
        (match.cursor === undefined || entry.params.cursor === match.cursor),
    )
    if (index < 0) throw new Error(`no pending ${method} ${JSON.stringify(match)}`)
    const [entry] = this.pending.splice(index, 1)
    return entry as PendingRequest
  }
}

export const text = (uri: string, value: string, ttlMs = 60_000) => ({
  contents: [{ uri, text: value }],
  ttlMs,
})

/** Lets every queued promise callback run (the client's awaits between steps). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}
