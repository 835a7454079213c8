// Abbreviations: `btn` for Button, `usrprf` for UserProfile, `tscfg` for tsconfig. The first
// query character must start a word; the rest must follow in order (a subsequence). Found by
// collectCandidates.ts; this file only places the highlight.

/**
 * The positions of `query` in `text` to highlight an abbreviation: the greedy subsequence
 * from the word start (in `wordStarts`, ascending) that gives the shortest span.
 */
export function abbreviationPositions(
  text: string,
  wordStarts: readonly number[],
  query: string,
): number[] | undefined {
  let best: number[] | undefined
  for (const start of wordStarts) {
    if (text.charCodeAt(start) !== query.charCodeAt(0)) continue
    const positions = [start]
    let index = start + 1
    for (let q = 1; q < query.length && index <= text.length; q++) {
      const code = query.charCodeAt(q)
      const next = text.indexOf(String.fromCharCode(code), index)
      if (next === -1) {
        index = text.length + 1
        break
      }
      positions.push(next)
      index = next + 1
    }
    if (positions.length < query.length) continue
    const span = positions[positions.length - 1]! - start
    if (!best || span < best[best.length - 1]! - best[0]!) best = positions
  }
  return best
}
