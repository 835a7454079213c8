// How much of a read a model gets at once: a budget in bytes (UTF-8) or in estimated
// tokens. Tokens are estimated, not counted: a tokenizer per model is the host's to bring
// (`estimateTokens`); the default of 4 bytes per token is close for English and code.

/** A limit in UTF-8 bytes or in estimated tokens. */
export type Budget = { bytes: number } | { tokens: number }

/** A budget resolved to one measure: how much a text costs, and how much there is. */
export interface Measure {
  unit: 'bytes' | 'tokens'
  limit: number
  /** What `text` costs in `unit`. */
  cost(text: string): number
}

const encoder = new TextEncoder()

/** UTF-8 length without allocating the encoded bytes for plain ASCII text. */
export function utf8Length(text: string): number {
  let ascii = true
  for (let index = 0; index < text.length; index += 1) {
    if (text.charCodeAt(index) > 0x7f) {
      ascii = false
      break
    }
  }
  return ascii ? text.length : encoder.encode(text).length
}

/** About 4 UTF-8 bytes per token, rounded up. */
export function defaultEstimateTokens(text: string): number {
  return Math.ceil(utf8Length(text) / 4)
}

/** The measure of a budget; an invalid limit (not a positive number) falls back to `fallback`. */
export function measureOf(
  budget: Budget | undefined,
  fallback: Budget,
  estimateTokens: (text: string) => number = defaultEstimateTokens,
): Measure {
  const valid = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : undefined
  const chosen =
    budget && 'tokens' in budget && valid(budget.tokens) !== undefined
      ? budget
      : budget && 'bytes' in budget && valid(budget.bytes) !== undefined
        ? budget
        : fallback
  if ('tokens' in chosen) {
    return { unit: 'tokens', limit: valid(chosen.tokens) ?? 1, cost: estimateTokens }
  }
  return { unit: 'bytes', limit: valid(chosen.bytes) ?? 1, cost: utf8Length }
}

/**
 * The largest rendering that fits `limit` as a whole: `render(room)` is tried with the
 * room shrunk by each overflow (halved after a few tries, for estimators that do not add
 * up), down to 0. Undefined when even `render(0)` is over. This is what makes a budget hold
 * for what the model receives (frames, headings, markers, JSON escaping), whatever the
 * estimator.
 */
export function fitWithin<T>(
  limit: number,
  render: (room: number) => T,
  cost: (value: T) => number,
): T | undefined {
  let room = limit
  for (let attempt = 0; ; attempt += 1) {
    const value = render(room)
    const over = cost(value) - limit
    if (over <= 0) return value
    if (room <= 0) return undefined
    room = Math.max(0, attempt < 4 ? room - Math.max(1, over) : Math.floor(room / 2))
  }
}
