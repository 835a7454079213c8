// PARTS: named rows for custom `renderRow` functions: a server (header or tree node with
// its status badge), a server's status row (connecting, needs input/auth, failed with
// Retry, empty), and the "N loaded — more available" row with load-more.
import { type ForwardedRef, forwardRef } from 'react'
import type { PickerRow } from '../pickerRow.ts'
import { PickerItem, type PickerItemProps } from './PickerItem.tsx'

type RowOf<K extends PickerRow['kind']> = Extract<PickerRow, { kind: K }>

export interface PickerServerRowProps extends Omit<PickerItemProps, 'row'> {
  row: RowOf<'server'> | RowOf<'status'>
}

/** A server row or its status row (`data-status` carries the server's status). */
export const PickerServerRow = forwardRef(function PickerServerRow(
  props: PickerServerRowProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  return <PickerItem {...props} ref={ref} />
})

export interface PickerLoadMoreProps extends Omit<PickerItemProps, 'row'> {
  row: RowOf<'loadMore'>
}

/** "N loaded — more available": activating it loads the next batch. */
export const PickerLoadMore = forwardRef(function PickerLoadMore(
  props: PickerLoadMoreProps,
  ref: ForwardedRef<HTMLDivElement>,
) {
  return <PickerItem {...props} ref={ref} />
})
