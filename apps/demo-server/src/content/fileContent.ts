import { createPrng, type Prng } from '@resource-kit/test-utils/prng'
import { makePdf, makePng, pngSize, toBase64 } from './binary.ts'
import type { FileKind } from './fileKinds.ts'
import { nouns, people, verbs } from './words.ts'

/** The parameters that fix a file's bytes; cheap to compute for 100,000 files. */
export interface FileSpec {
  /** Raw byte length of the content. */
  readonly size: number
  readonly png?: {
    readonly width: number
    readonly height: number
    readonly rgb: [number, number, number]
  }
}

/** The body of a file, as MCP resource contents carry it. */
export type FileBody = { readonly text: string } | { readonly blob: string }

// Every file draws from its own stream seeded by (seed, path), so contents never depend
// on generation order and can be rebuilt on each read instead of being kept in memory.
const fileStream = (seed: string, path: string) => createPrng(`${seed}|file|${path}`)

export function specifyFile(seed: string, path: string, kind: FileKind): FileSpec {
  const prng = fileStream(seed, path)
  if (kind.ext === 'png') {
    const side = prng.int(4, 48)
    const rgb: [number, number, number] = [prng.int(0, 255), prng.int(0, 255), prng.int(0, 255)]
    return { size: pngSize(side, side), png: { width: side, height: side, rgb } }
  }
  if (kind.ext === 'pdf') return { size: makePdf(pdfLines(prng, path)).length }
  // Log-uniform between 80 bytes and 16 KB: mostly small files, a few large ones.
  return { size: Math.round(80 * Math.exp(prng.next() * Math.log(200))) }
}

export function renderFile(seed: string, path: string, kind: FileKind, spec: FileSpec): FileBody {
  const prng = fileStream(seed, path)
  if (spec.png) {
    prng.int(4, 48) // replay specifyFile's draws so the stream lines up
    const { width, height, rgb } = spec.png
    return { blob: toBase64(makePng(width, height, rgb)) }
  }
  if (kind.ext === 'pdf') return { blob: toBase64(makePdf(pdfLines(prng, path))) }
  prng.next()
  if (kind.ext === 'json') return { text: jsonText(prng, spec.size) }
  return { text: linesText(prng, kind, path, spec.size) }
}

function pdfLines(prng: Prng, path: string): string[] {
  const lines = [`Report: ${path}`, `Prepared by ${prng.pick(people)}`]
  const count = prng.int(2, 12)
  for (let index = 0; index < count; index++) {
    lines.push(`${index + 1}. ${prng.pick(verbs)} ${prng.pick(nouns)}: ${prng.int(0, 100)}%`)
  }
  return lines
}

/** Lines of the kind's flavour, cut to exactly `size` bytes (ASCII, so bytes = chars). */
function linesText(prng: Prng, kind: FileKind, path: string, size: number): string {
  let text = kind.ext === 'md' ? `# ${path}\n\n` : ''
  while (text.length < size) text += `${kind.line(prng)}\n`
  return `${text.slice(0, size - 1)}\n`
}

/** A valid JSON object of exactly `size` bytes: entries while they fit, then whitespace. */
function jsonText(prng: Prng, size: number): string {
  const entries: string[] = []
  let length = 4 // "{\n" + "}\n"
  for (;;) {
    const value = prng.pick([
      () => String(prng.int(0, 10_000)),
      () => JSON.stringify(prng.pick(nouns)),
      () => String(prng.chance(0.5)),
      () => JSON.stringify([prng.pick(verbs), prng.pick(people)]),
    ])()
    const entry = `  "${prng.pick(nouns)}_${entries.length}": ${value}`
    const added = entry.length + (entries.length > 0 ? 2 : 1)
    if (length + added > size) break
    entries.push(entry)
    length += added
  }
  const body = entries.length > 0 ? `{\n${entries.join(',\n')}\n}\n` : '{}\n'
  return body.padEnd(Math.max(size, body.length), ' ').slice(0, Math.max(size, body.length))
}
