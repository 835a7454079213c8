// How long the client waits for a server's answer, per kind of request. The SDK waits
// 60 s for anything; a picker, a completion popup and an agent cannot: a server that
// stops answering should cost seconds, and show as not ready (see guardedSession.ts).

/** Deadlines in milliseconds, per client (`ResourceClientOptions.deadlines`) or per server (`addServer`). */
export interface RequestDeadlines {
  /** One page of `resources/list` or `resources/templates/list`. @default 10_000 */
  listMs?: number
  /** One `resources/read` (each input round on its own: a person's answer is not counted). @default 15_000 */
  readMs?: number
  /** One `completion/complete` (the popup is useless after that). @default 5_000 */
  completeMs?: number
  /** Opening a session (probe and handshake; a stdio server's start). @default 30_000 */
  connectMs?: number
}

export const DEFAULT_DEADLINES: Readonly<Required<RequestDeadlines>> = Object.freeze({
  listMs: 10_000,
  readMs: 15_000,
  completeMs: 5_000,
  connectMs: 30_000,
})

/** The server's deadlines over the client's over the defaults; nonsense values are ignored. */
export function resolveDeadlines(
  ...layers: (RequestDeadlines | undefined)[]
): Required<RequestDeadlines> {
  const resolved = { ...DEFAULT_DEADLINES }
  for (const layer of layers) {
    if (!layer) continue
    for (const key of Object.keys(DEFAULT_DEADLINES) as (keyof RequestDeadlines)[]) {
      const value = layer[key]
      if (typeof value === 'number' && Number.isFinite(value) && value > 0) resolved[key] = value
    }
  }
  return resolved
}

/** The deadline of one request by method; undefined for methods without one of ours (the SDK's 60 s). */
export function deadlineOf(
  method: string,
  deadlines: Required<RequestDeadlines>,
): number | undefined {
  switch (method) {
    case 'resources/list':
    case 'resources/templates/list':
      return deadlines.listMs
    case 'resources/read':
      return deadlines.readMs
    case 'completion/complete':
      return deadlines.completeMs
    default:
      return undefined
  }
}
