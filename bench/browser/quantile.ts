// The one quantile both browser scripts print (run.ts's p50 / p95, profile.ts's gap p50).

/** The `q` quantile of the finite `values` (NaN and infinities left out), NaN when none is. */
export function quantile(values: readonly number[], q: number): number {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (finite.length === 0) return Number.NaN
  return finite[Math.min(finite.length - 1, Math.floor(q * finite.length))]!
}
