// PARTS: named rows for custom `renderRow` functions: a server (header or tree node with
// its status badge), a server's status row (connecting, needs input/auth, failed with
// Retry, empty), and the "N loaded — more available" row with load-more.
import type { PickerRow } from '../pickerRow.ts'
import { PickerItem, type PickerItemProps } from './PickerItem.tsx'

type RowOf<K extends PickerRow['kind']> = Extract<PickerRow, { kind: K }>

export interface PickerServerRowProps extends Omit<PickerItemProps, 'row'> {
  row: RowOf<'server'> | RowOf<'status'>
}

/** A server row or its status row (`data-status` carries the server's status). */
export function PickerServerRow(props: PickerServerRowProps) {
  return <PickerItem {...props} />
}

export interface PickerLoadMoreProps extends Omit<PickerItemProps, 'row'> {
  row: RowOf<'loadMore'>
}

/** "N loaded — more available": activating it loads the next batch. */
export function PickerLoadMore(props: PickerLoadMoreProps) {
  return <PickerItem {...props} />
}
