import { createPrng } from '@resource-kit/test-utils/prng'
import { nouns, verbs } from './words.ts'

const epoch = Date.UTC(2026, 6, 1)
const levels = ['INFO', 'INFO', 'INFO', 'DEBUG', 'WARN', 'ERROR'] as const

/** One log line; line `n` is always the same for a given seed. */
export function logLine(seed: string, n: number, stepMs: number): string {
  const prng = createPrng(`${seed}|log|${n}`)
  const at = new Date(epoch + n * stepMs).toISOString()
  return `${at} ${prng.pick(levels).padEnd(5)} [worker-${prng.int(1, 8)}] ${prng.pick(verbs)} ${prng.int(1, 500)} ${prng.pick(nouns)}s in ${prng.int(1, 900)} ms`
}

/** The last `lines` lines of the log after `tick` ticks (one new line per tick). */
export function logTailText(seed: string, tick: number, stepMs: number, lines = 20): string {
  const first = Math.max(0, tick + 1 - lines)
  const out: string[] = []
  for (let n = first; n <= tick; n++) out.push(logLine(seed, n, stepMs))
  return `${out.join('\n')}\n`
}
