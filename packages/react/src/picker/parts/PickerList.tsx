// PARTS: the scrolling listbox or tree. Only the rows in (and near) the viewport are in
// the DOM (the picker's row window), so 100,000 resources cost a few dozen row elements.
// In the list view, rows sit in one `role="group"` per server, labelled by its header.
import {
  type CSSProperties,
  type ForwardedRef,
  forwardRef,
  type HTMLAttributes,
  type ReactNode,
} from 'react'
import { rowDomId, serverNodeId } from '../../shared/ids.ts'
import type { PickerRow } from '../pickerRow.ts'
import type { PickerRows } from '../pickerRows.ts'
import type { PickerVirtualItem as VirtualItem } from '../rowWindow.ts'
import { usePickerContext } from './PickerContext.ts'
import { PickerItem } from './PickerItem.tsx'

export interface PickerListProps extends HTMLAttributes<HTMLDivElement> {
  /** Renders one row (spread `getItemProps({ row })` on its root). @default <PickerItem row={row} /> */
  renderRow?: (row: PickerRow) => ReactNode
}

function place(start: number): CSSProperties {
  return {
    position: 'absolute',
    top: 0,
    left: 0,
    width: '100%',
    transform: `translateY(${start}px)`,
  }
}

interface Segment {
  serverId: string
  items: VirtualItem[]
}

function segments(items: VirtualItem[], rows: PickerRows): Segment[] {
  const out: Segment[] = []
  for (const item of items) {
    const row = rows.at(item.index)
    if (!row) continue
    const last = out[out.length - 1]
    if (last && last.serverId === row.serverId) last.items.push(item)
    else out.push({ serverId: row.serverId, items: [item] })
  }
  return out
}

/** The listbox (list view) or tree (tree view) with virtualized rows. */
export const PickerList = forwardRef(function PickerList(
  { renderRow, className, ...props }: PickerListProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  const picker = usePickerContext()
  const { rows, virtualItems, totalSize, view, virtualizer } = picker
  const render = (row: PickerRow) => (renderRow ? renderRow(row) : <PickerItem row={row} />)
  const rowAt = (item: VirtualItem) => {
    const row = rows.at(item.index)
    if (!row) return null
    return (
      // Keyed by place, not by row: a keystroke's new hits update the rows on screen
      // instead of unmounting them and mounting as many.
      <div key={item.index} role="presentation" style={place(item.start)} data-index={item.index}>
        {render(row)}
      </div>
    )
  }

  let body: ReactNode
  if (view === 'tree') {
    body = virtualItems.map(rowAt)
  } else {
    body = segments(virtualItems, rows).map((segment) => {
      const headerIndex = rows.indexOf(serverNodeId(segment.serverId))
      const header = rows.at(headerIndex)
      const inWindow = segment.items.some((i) => i.index === headerIndex)
      // The header labels the group, so it stays in the DOM even when scrolled past.
      const headerItem = virtualizer.itemAt(headerIndex)
      return (
        // A virtualized group: its rows are positioned by the list, not laid out by a fieldset.
        // biome-ignore lint/a11y/useSemanticElements: role="group" inside a listbox is the ARIA pattern
        <div
          key={segment.serverId}
          role="group"
          aria-labelledby={header ? rowDomId(picker.baseId, header.id) : undefined}
        >
          {header && !inWindow && headerItem && rowAt(headerItem)}
          {segment.items.map(rowAt)}
        </div>
      )
    })
  }

  return (
    <div
      {...picker.getListProps({ 'aria-label': 'Resources', ...props, ref })}
      className={className ? `rk-picker-list ${className}` : 'rk-picker-list'}
    >
      <div role="presentation" style={{ position: 'relative', width: '100%', height: totalSize }}>
        {body}
      </div>
    </div>
  )
})
