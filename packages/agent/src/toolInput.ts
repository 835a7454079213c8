// Checking what a model sent. Models send anything (strings for numbers, nulls, extra
// keys), so each field is read leniently where the meaning is clear and refused with a
// message the model can fix otherwise.

export class InvalidInput extends Error {
  override readonly name = 'InvalidInput'
}

export type Input = Record<string, unknown>

export function asInput(value: unknown): Input {
  if (typeof value === 'string') {
    // Some hosts pass the model's JSON text as it came.
    try {
      return asInput(JSON.parse(value))
    } catch {
      throw new InvalidInput('the input must be a JSON object')
    }
  }
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value))
    throw new InvalidInput('the input must be a JSON object')
  return value as Input
}

export function requiredString(input: Input, key: string): string {
  const value = input[key]
  if (typeof value !== 'string' || value.trim() === '')
    throw new InvalidInput(`"${key}" is required and must be a non-empty string`)
  return value
}

export function optionalString(input: Input, key: string): string | undefined {
  const value = input[key]
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string') throw new InvalidInput(`"${key}" must be a string`)
  return value
}

export function optionalCount(input: Input, key: string): number | undefined {
  const raw = input[key]
  if (raw === undefined || raw === null || raw === '') return undefined
  const value = typeof raw === 'string' ? Number(raw) : raw
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new InvalidInput(`"${key}" must be a whole number of 0 or more`)
  return value
}

/**
 * A map of names to string values: an object, or (the strict-schema shape) a list of
 * `{ name, value }` pairs.
 */
export function optionalStringRecord(input: Input, key: string): Record<string, string> {
  const raw = input[key]
  if (raw === undefined || raw === null) return {}
  const entries = Array.isArray(raw) ? pairEntries(raw, key) : objectEntries(raw, key)
  const record: Record<string, string> = {}
  for (const [name, value] of entries) {
    if (value === undefined || value === null || value === '') continue
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      throw new InvalidInput(`"${key}.${name}" must be a string`)
    record[name] = String(value)
  }
  return record
}

function objectEntries(raw: unknown, key: string): [string, unknown][] {
  if (typeof raw !== 'object' || raw === null)
    throw new InvalidInput(`"${key}" must be an object of variable names to string values`)
  return Object.entries(raw as Record<string, unknown>)
}

function pairEntries(raw: unknown[], key: string): [string, unknown][] {
  return raw.map((pair) => {
    const { name, value } = (typeof pair === 'object' && pair !== null ? pair : {}) as {
      name?: unknown
      value?: unknown
    }
    if (typeof name !== 'string' || name === '')
      throw new InvalidInput(`"${key}" must be a list of { name, value } pairs`)
    return [name, value]
  })
}
