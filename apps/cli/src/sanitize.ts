// Terminal safety for untrusted text. A server chooses every name, title, description and
// content it sends; printed raw, a hostile one could move the cursor, rewrite earlier lines,
// set the window title or hide text behind bidi overrides. Every such character is shown as
// a visible escape instead (`\x1b`, `\u202e`), so nothing the server sent can drive the terminal.

// C0 controls, DEL, C1 controls, bidi embeddings/overrides/isolates, LRM/RLM/ALM, line/paragraph separators.
const unsafeInLine =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g
// The same, but newline and tab are kept (multi-line content).
const unsafeInBlock =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

function visibleEscape(char: string): string {
  const code = char.charCodeAt(0)
  if (char === '\n') return '\\n'
  if (char === '\t') return '\\t'
  if (char === '\r') return '\\r'
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`
}

/** One line of untrusted text (a name, a URI, an error message): every control character becomes a visible escape. */
export function sanitizeLine(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value ?? '')
  return text.replace(unsafeInLine, visibleEscape)
}

/** Multi-line untrusted text (resource contents): newlines and tabs kept, CRLF read as a newline, the rest escaped. */
export function sanitizeBlock(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(unsafeInBlock, visibleEscape)
}
