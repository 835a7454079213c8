// Precision of word queries in the search benchmark, judged the same way for ours and for
// fuse.js alone: a hit is clean when one of its fields (name, title, URI, description)
// holds the query's run — the compact query starting at a word start, or inside one word —
// or a typo of it (a word prefix within the allowed edits). Any other hit is scattered
// noise, like "Th**read me**rge" for `readme`: letters picked across words.
import { compactQuery, compactWithOrigin } from '../packages/search/src/compact.ts'
import { allowedEdits, TypoScratch, typoDistance } from '../packages/search/src/typo.ts'

export interface PrecisionItem {
  name: string
  title?: string
  uri: string
  description?: string
}

/** Whether `text` holds the compact query as a run (from a word start, or within one word). */
function holdsRun(text: string, starts: readonly number[], query: string): boolean {
  const isStart = new Set(starts)
  for (let at = text.indexOf(query); at >= 0; at = text.indexOf(query, at + 1)) {
    if (isStart.has(at)) return true
    let crosses = false
    for (let p = at + 1; p < at + query.length; p++) if (isStart.has(p)) crosses = true
    if (!crosses) return true
  }
  return false
}

function holdsTypo(text: string, starts: readonly number[], query: string, scratch: TypoScratch) {
  const edits = allowedEdits(query.length)
  if (edits === 0) return false
  return starts.some((p) => typoDistance(text, p, text.length, query, edits, scratch) <= edits)
}

/** Whether `item` holds neither the run of `query` nor a typo of it. */
export function isScattered(item: PrecisionItem, query: string, scratch = new TypoScratch()) {
  const compact = compactQuery(query, 64)
  for (const field of [item.name, item.title, item.uri, item.description]) {
    if (!field) continue
    const { text, wordStarts } = compactWithOrigin(field, 512)
    if (holdsRun(text, wordStarts, compact)) return false
    if (holdsTypo(text, wordStarts, compact, scratch)) return false
  }
  return true
}

/** For one ranked list: hits above the first scattered one, and how many are scattered. */
export function precisionOf(hits: readonly PrecisionItem[], query: string) {
  const scratch = new TypoScratch()
  const scattered = hits.map((hit) => isScattered(hit, query, scratch))
  const first = scattered.indexOf(true)
  return {
    hits: hits.length,
    aboveFirstScattered: first < 0 ? hits.length : first,
    noise: scattered.filter(Boolean).length,
  }
}
