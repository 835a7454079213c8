// The "compact" form every search stage compares: lower-cased letters and digits only, so
// `web-app`, `Web App` and `webapp` are the same word, plus where each word starts
// (`UserProfile.tsx` → `userprofiletsx`, words at 0, 4, 11).

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

/** Character classes used to find word starts. */
const SEPARATOR = 0
const LOWER = 1
const UPPER = 2
const DIGIT = 3

function classify(code: number): number {
  if (code >= 97 && code <= 122) return LOWER
  if (code >= 65 && code <= 90) return UPPER
  if (code >= 48 && code <= 57) return DIGIT
  if (code < 128) return SEPARATOR
  const char = String.fromCharCode(code)
  if (!LETTER_OR_DIGIT.test(char)) return SEPARATOR
  const lower = char.toLowerCase()
  return lower !== char ? UPPER : LOWER
}

function lowerCode(code: number, kind: number): number {
  if (kind !== UPPER) return code
  if (code < 128) return code + 32
  const lower = String.fromCharCode(code).toLowerCase()
  // Some characters lower-case to two code units; keep them as they are.
  return lower.length === 1 ? lower.charCodeAt(0) : code
}

/** Classifies a character: the same answer for one `code` as `classify`, cached for ASCII. */
const ASCII_KIND = Uint8Array.from({ length: 128 }, (_, code) => classify(code))

/** Appends the compact form of `text` (at most `maxLength` of it) to `out` at `at`; returns the new end. */
export function appendCompact(
  text: string,
  maxLength: number,
  out: Uint16Array,
  at: number,
  onWordStart: ((position: number) => void) | undefined,
): number {
  const length = Math.min(text.length, maxLength)
  let size = at
  let previous = SEPARATOR
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i)
    const kind = code < 128 ? ASCII_KIND[code]! : classify(code)
    if (kind === SEPARATOR) {
      previous = SEPARATOR
      continue
    }
    // Most characters continue a lower-case word: skip the word-start test for those.
    if (
      onWordStart &&
      !(kind === LOWER && previous === LOWER) &&
      isWordStart(text, i, kind, previous)
    ) {
      onWordStart(size)
    }
    out[size++] = kind === UPPER ? lowerCode(code, kind) : code
    previous = kind
  }
  return size
}

function isWordStart(text: string, index: number, kind: number, previous: number): boolean {
  if (previous === SEPARATOR) return true
  if (kind === DIGIT) return previous !== DIGIT
  if (previous === DIGIT) return true
  if (kind === UPPER && previous === LOWER) return true
  // The P of `HTMLParser`: an upper-case letter between an upper and a lower one.
  if (kind === UPPER && previous === UPPER && index + 1 < text.length) {
    const next = text.charCodeAt(index + 1)
    return (next < 128 ? ASCII_KIND[next]! : classify(next)) === LOWER
  }
  return false
}

/** The string of the first `size` code units of `buffer`. */
export function decode(buffer: Uint16Array, size: number): string {
  if (size === 0) return ''
  if (size <= 4096) return String.fromCharCode.apply(null, buffer.subarray(0, size) as never)
  let out = ''
  for (let start = 0; start < size; start += 4096) {
    const chunk = buffer.subarray(start, Math.min(size, start + 4096))
    out += String.fromCharCode.apply(null, chunk as never)
  }
  return out
}

/** The compact form of a query. */
export function compactQuery(query: string, maxLength: number): string {
  const buffer = new Uint16Array(Math.min(query.length, maxLength))
  return decode(buffer, appendCompact(query, maxLength, buffer, 0, undefined))
}

/** A compact text with, for each of its characters, the index of that character in the original. */
export interface CompactMap {
  text: string
  origin: Int32Array
  /** Offsets (in `text`) where words start, ascending. */
  wordStarts: number[]
}

/** Compacts `text` and remembers where each character came from (for highlighting). */
export function compactWithOrigin(text: string, maxLength: number): CompactMap {
  const length = Math.min(text.length, maxLength)
  const buffer = new Uint16Array(length)
  const origin = new Int32Array(length)
  const wordStarts: number[] = []
  let size = 0
  let previous = SEPARATOR
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i)
    const kind = classify(code)
    if (kind === SEPARATOR) {
      previous = SEPARATOR
      continue
    }
    if (isWordStart(text, i, kind, previous)) wordStarts.push(size)
    origin[size] = i
    buffer[size++] = lowerCode(code, kind)
    previous = kind
  }
  return { text: decode(buffer, size), origin: origin.subarray(0, size), wordStarts }
}
