// Small values that repeat across the items of a list (audiences, icon sets, MIME types)
// are kept once and shared: a walk of 10,000 resources held 10,000 copies of ['assistant'],
// each with a 17-slot backing store (Array#filter grows it so). Shared values are frozen,
// so no consumer can change one item through another. A client keeps one ListValues, with
// bounded tables: past the bound, values are built fresh (and frozen all the same).
import type { Annotations, Icon } from './types.ts'

type Audience = Annotations['audience'] & {}
type Role = Audience[number]

const USER: Audience = Object.freeze(['user']) as Audience
const ASSISTANT: Audience = Object.freeze(['assistant']) as Audience
const USER_ASSISTANT: Audience = Object.freeze(['user', 'assistant']) as Audience
const ASSISTANT_USER: Audience = Object.freeze(['assistant', 'user']) as Audience

/** Entries per table before values stop being shared. */
const MAX_SHARED = 4096
/** Longer strings (say a data: icon) are not worth a table key. */
const MAX_KEY_LENGTH = 2048

const isRole = (value: unknown): value is Role => value === 'user' || value === 'assistant'

/** The roles of a server's `audience`, unknown ones dropped, order and repeats kept. */
export function toAudience(value: unknown): Audience | undefined {
  if (!Array.isArray(value)) return undefined
  const [a, b] = value
  if (value.length === 1) return a === 'user' ? USER : a === 'assistant' ? ASSISTANT : undefined
  if (value.length === 2 && isRole(a) && isRole(b) && a !== b) {
    return a === 'user' ? USER_ASSISTANT : ASSISTANT_USER
  }
  const roles: Role[] = []
  for (const role of value) if (isRole(role)) roles.push(role)
  if (roles.length === 0) return undefined
  if (roles.length === 1) return roles[0] === 'user' ? USER : ASSISTANT
  return Object.freeze(roles) as Audience
}

export class ListValues {
  readonly #strings = new Map<string, string>()
  readonly #icons = new Map<string, Icon[]>()

  /** One copy of a short string that repeats (a MIME type). */
  string(value: string): string {
    if (value.length > MAX_KEY_LENGTH) return value
    const known = this.#strings.get(value)
    if (known !== undefined) return known
    if (this.#strings.size < MAX_SHARED) this.#strings.set(value, value)
    return value
  }

  /** One frozen copy of an icon set (already checked) that several items carry. */
  icons(icons: Icon[]): Icon[] {
    // JSON: no two different icon sets share a key, whatever their strings hold.
    const key = JSON.stringify(icons)
    if (key.length > MAX_KEY_LENGTH) return freezeIcons(icons)
    const known = this.#icons.get(key)
    if (known) return known
    const frozen = freezeIcons(icons)
    if (this.#icons.size < MAX_SHARED) this.#icons.set(key, frozen)
    return frozen
  }
}

function freezeIcons(icons: Icon[]): Icon[] {
  for (const icon of icons) {
    if (icon.sizes) Object.freeze(icon.sizes)
    Object.freeze(icon)
  }
  return Object.freeze(icons) as Icon[]
}
