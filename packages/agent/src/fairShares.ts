// How the context's budget is shared between the attached resources (ranked by priority,
// then lastModified, then latest attached):
// 1. Every resource is owed an equal share of the budget: one that fits in its share is
//    shown whole, whatever its rank, so small resources are never dropped to make room
//    for the tail of a large one.
// 2. What the small ones leave goes to the others in rank order: the highest-ranked one
//    that does not fit takes what it needs, and so on down.
// 3. A resource that would be cut below its `minimum` (a sliver not worth showing) is
//    left out, the lowest-ranked first, and the budget is shared again without it.

export interface ShareClaim {
  /** What the resource costs whole. */
  need: number
  /** The least worth giving it when it must be cut. */
  minimum: number
}

/** What each claim (in rank order) gets: its `need` (whole), less (cut), or 0 (left out). */
export function fairShares(claims: readonly ShareClaim[], budget: number): number[] {
  let active = claims.map((_, index) => index)
  for (;;) {
    const given = new Map<number, number>()
    const share = active.length > 0 ? Math.max(0, budget) / active.length : 0
    let left = Math.max(0, budget)
    for (const index of active) {
      const amount = Math.min(claims[index]!.need, share)
      given.set(index, amount)
      left -= amount
    }
    for (const index of active) {
      const extra = Math.min(claims[index]!.need - given.get(index)!, left)
      given.set(index, given.get(index)! + extra)
      left -= extra
    }
    const sliver = active.findLast((index) => {
      const amount = given.get(index)!
      return amount < claims[index]!.need && amount < claims[index]!.minimum
    })
    if (sliver === undefined) {
      return claims.map((claim, index) => {
        const amount = given.get(index) ?? 0
        return amount >= claim.need ? claim.need : Math.floor(amount)
      })
    }
    active = active.filter((index) => index !== sliver)
  }
}
