// A cheap stand-in for fuse.js's score, to choose which of many equally good candidates
// fuse.js gets to rank (at 100,000 resources, `logger` matches two thousand files that
// the cheap stages cannot tell apart). Only exact occurrences count: fuse.js scores one at
// position p as p / 100, none beyond 60, weighted by key weight and field-length norm.
import { FUSE_KEYS, fieldNorm } from './fuseRanker.ts'

const TOTAL_WEIGHT = FUSE_KEYS.reduce((sum, key) => sum + key.weight, 0)
const WEIGHTS = FUSE_KEYS.map((key) => key.weight / TOTAL_WEIGHT)
/** How far from the start fuse.js still accepts an exact match (threshold 0.6, distance 100). */
const REACH = 60

/**
 * The logarithm of fuse.js's score of `item` for the lower-cased `query`, counting exact
 * occurrences only: lower is better, 0 when there is none. `raw[field][item]` as in the corpus.
 */
export function fuseProxy(
  raw: readonly (readonly string[])[],
  item: number,
  query: string,
): number {
  let total = 0
  for (let field = 0; field < WEIGHTS.length; field++) {
    const value = raw[field]![item]!
    if (value.length < query.length) continue
    const at = value
      .slice(0, REACH + query.length)
      .toLowerCase()
      .indexOf(query)
    if (at < 0) continue
    const whole = at === 0 && value.length === query.length
    const score = whole ? Number.EPSILON : Math.max(0.001, at / 100)
    total += WEIGHTS[field]! * fieldNorm(value) * Math.log(score)
  }
  return total
}
