// Counts as "100,000". One formatter made once: Number#toLocaleString with a locale builds
// a new one per call, and rows and status text format counts on every page of a walk.
const COUNT = new Intl.NumberFormat('en-US')

/** `n` with thousands separators, as in English. */
export function formatCount(n: number): string {
  return COUNT.format(n)
}
