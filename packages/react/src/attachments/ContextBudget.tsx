// PARTS: the composer's total: what the attachments cost together, against the host's
// budget in tokens (an option). Over budget it says so (`data-over`); while some are not
// sized yet it says "at least".
import type { HTMLAttributes } from 'react'
import { formatBytes } from '../collection/formatBytes.ts'
import { formatCount } from '../collection/formatCount.ts'
import type { ContextSize } from '../preview/contextSize.ts'

export interface ContextBudgetProps extends Omit<HTMLAttributes<HTMLParagraphElement>, 'children'> {
  /** `useSizedAttachments().total`. */
  total: ContextSize
  /** Every attachment is sized (else the total is a floor). @default true */
  complete?: boolean | undefined
  /** The host's token budget for attached context; without it, the total alone. */
  budget?: number | undefined
}

/** "Context: ~2,300 of 8,000 tokens · 9.2 kB". */
export function ContextBudget({
  total,
  complete = true,
  budget,
  className,
  ...props
}: ContextBudgetProps) {
  const over = budget !== undefined && total.tokens > budget
  return (
    <p
      {...props}
      className={className ? `rk-context-budget ${className}` : 'rk-context-budget'}
      data-tokens={total.tokens}
      data-budget={budget}
      data-over={over ? '' : undefined}
    >
      Context: {complete ? '' : 'at least '}~{formatCount(total.tokens)}
      {budget !== undefined && ` of ${formatCount(budget)}`} tokens · {formatBytes(total.bytes)}
      {over && <span className="rk-context-over"> · over budget</span>}
    </p>
  )
}
