// `key=value` options (`--env`, `--input`, `--arg`), repeatable.
import { UsageError } from './cliError.ts'

/** `key=value` pairs (repeatable) as a record; the first `=` splits. */
export function parsePairs(
  raw: readonly string[],
  flag: string,
): Record<string, string> | undefined {
  if (raw.length === 0) return undefined
  const pairs: [string, string][] = []
  for (const item of raw) {
    const eq = item.indexOf('=')
    if (eq <= 0) throw new UsageError(`${flag} must look like key=value, got "${item}"`)
    pairs.push([item.slice(0, eq), item.slice(eq + 1)])
  }
  // fromEntries defines own properties, so a key like __proto__ stays a plain key.
  return Object.fromEntries(pairs)
}
