// Percent-encoding for the target of a mention token: only the characters that would
// break the token or the line are encoded, so URIs stay readable in plain text
// (`file:///a/b.md` is written as is). Lone surrogates, which UTF-8 cannot carry, are
// written `%uXXXX` so that any JavaScript string round-trips.

// `%`, parentheses, brackets, backslash, every control and whitespace character.
const MUST_ENCODE = /[%()[\]\\\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u
const utf8 = new TextEncoder()

/** Encode one part of the target; `slash` also encodes `/` (for the server id). */
export function encodeComponent(value: string, slash: boolean): string {
  let out = ''
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i)
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        const pair = value.slice(i, i + 2)
        out += MUST_ENCODE.test(pair) ? bytes(pair) : pair
        i++
        continue
      }
    }
    if (unit >= 0xd800 && unit <= 0xdfff) {
      out += `%u${unit.toString(16).toUpperCase().padStart(4, '0')}`
      continue
    }
    const c = value.charAt(i)
    out += MUST_ENCODE.test(c) || (slash && c === '/') ? bytes(c) : c
  }
  return out
}

/** Decode one part of the target; null when it is not something `encodeComponent` wrote. */
export function decodeComponent(value: string, slash: boolean): string | null {
  if (slash && value.includes('/')) return null
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
  let out = ''
  let i = 0
  while (i < value.length) {
    const c = value.charAt(i)
    if (c !== '%') {
      if (MUST_ENCODE.test(c)) return null
      out += c
      i++
      continue
    }
    const surrogate = /^%u([0-9A-F]{4})/.exec(value.slice(i, i + 6))
    if (surrogate) {
      out += String.fromCharCode(Number.parseInt(surrogate[1] ?? '', 16))
      i += 6
      continue
    }
    const run: number[] = []
    while (value[i] === '%') {
      const hex = value.slice(i + 1, i + 3)
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) break
      run.push(Number.parseInt(hex, 16))
      i += 3
    }
    if (run.length === 0) return null
    try {
      out += decoder.decode(new Uint8Array(run))
    } catch {
      return null
    }
  }
  return out
}

function bytes(char: string): string {
  let out = ''
  for (const byte of utf8.encode(char))
    out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  return out
}
