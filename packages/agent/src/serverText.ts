// How text a server sent enters a prompt: through one of these two doors and no other, so
// nothing a server sends (names, URIs, contents, error messages) can close a section, open
// a fake one, or start a line the model would read as the host's.
// - `quoted`: a value inside double quotes on a host line (attributes, lists of URIs, error
//   messages). One line: quotes, angle brackets, `&`, every line break, control, invisible
//   (format) and bidi character, and the lookalikes of quotes and angle brackets, become
//   `&#N;`, so the value can neither end its quotes nor break the line.
// - `sectionBody`: a section's content, as it came, except that the `<` of anything a
//   reader could take for `<resource` or `</resource` is escaped. "Could take" is judged
//   generously: any lookalike of `<`, then letters spelling "resource" and no more (within
//   64 characters, after folding width, case and accents with NFKD and Cyrillic/Greek
//   lookalikes; whatever is not a letter — slashes, spaces, invisible characters,
//   punctuation — is skipped).

const QUOTED_ESCAPES =
  /[&"<>\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u00ab\u00bb\u02c2\u02c3\u1433\u1438\u201c-\u201f\u2033\u2036\u2039\u203a\u2329\u232a\u276e\u276f\u27e8\u27e9\u3008\u3009\u301d-\u301f\ufe64\ufe65\uff02\uff1c\uff1e]/gu

/** `value` in double quotes, on one line, unable to end its quotes. */
export function quoted(value: string): string {
  return `"${value.replace(QUOTED_ESCAPES, (char) => `&#${char.codePointAt(0)};`)}"`
}

/** Characters a reader may take for `<`. */
const LESS_THAN = /[<\u02c2\u1438\u2039\u2329\u276e\u27e8\u3008\ufe64\uff1c]/gu
const LETTER = /\p{L}/u
const TAG = 'resource'
/** Lookalikes of the letters of "resource" (after NFKD and lower-casing). */
const LOOKALIKES: Record<string, string> = {
  г: 'r',
  ʀ: 'r',
  ꮁ: 'r',
  е: 'e',
  є: 'e',
  ҽ: 'e',
  ε: 'e',
  ѕ: 's',
  ꜱ: 's',
  о: 'o',
  ο: 'o',
  ᴏ: 'o',
  օ: 'o',
  '0': 'o',
  υ: 'u',
  ս: 'u',
  ᴜ: 'u',
  с: 'c',
  ϲ: 'c',
  ᴄ: 'c',
}
/** How far past a `<` a disguised tag name is looked for. */
const LOOKAHEAD = 64

/**
 * `text` with every `<` that could open or close a section escaped, judged with what will
 * follow it (`following`: a `<` at the very end reads on into the closing tag).
 */
export function sectionBody(text: string, following = ''): string {
  const read = text + following.slice(0, LOOKAHEAD)
  return text.replace(LESS_THAN, (char, index: number) =>
    readsAsResourceTag(read.slice(index + char.length, index + char.length + LOOKAHEAD))
      ? `&#${char.codePointAt(0)};`
      : char,
  )
}

/**
 * Whether the letters after a `<` spell "resource", whatever lies between them, and end
 * there (`<ResourceList>` in code is not a section tag; `<resource x>` and `</re source>` are).
 */
function readsAsResourceTag(after: string): boolean {
  let name = ''
  for (const char of after.normalize('NFKD').toLowerCase()) {
    const letter = LOOKALIKES[char] ?? char
    const isLetter = LETTER.test(letter)
    if (name === TAG) return !isLetter
    if (!isLetter) continue
    name += letter
    if (!TAG.startsWith(name)) return false
  }
  return name === TAG
}
