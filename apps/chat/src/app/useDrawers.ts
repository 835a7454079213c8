// On narrow screens (and at high zoom) the servers and the picker are drawers over the
// conversation, opened by buttons in the header: one open at a time, Escape closes it,
// and focus goes into the drawer on open and back to its button on close.
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'

export type DrawerName = 'servers' | 'resources'

export interface Drawers {
  open: DrawerName | null
  toggle(name: DrawerName): void
  close(): void
  /** The drawer elements (focus moves into them on open). */
  refs: Record<DrawerName, RefObject<HTMLElement | null>>
  /** The buttons that open them (focus returns to them on close). */
  buttons: Record<DrawerName, RefObject<HTMLButtonElement | null>>
}

export function useDrawers(): Drawers {
  const [open, setOpen] = useState<DrawerName | null>(null)
  const refs = {
    servers: useRef<HTMLElement | null>(null),
    resources: useRef<HTMLElement | null>(null),
  }
  const buttons = {
    servers: useRef<HTMLButtonElement | null>(null),
    resources: useRef<HTMLButtonElement | null>(null),
  }
  const last = useRef<DrawerName | null>(null)
  const toggle = useCallback(
    (name: DrawerName) => setOpen((now) => (now === name ? null : name)),
    [],
  )
  const close = useCallback(() => setOpen(null), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: refs are stable
  useEffect(() => {
    if (open) {
      last.current = open
      // The drawer's first field (the picker's search), else its first button.
      const drawer = refs[open].current
      const target =
        drawer?.querySelector<HTMLElement>('[role="combobox"], input') ??
        drawer?.querySelector<HTMLElement>('button')
      target?.focus()
      return
    }
    const previous = last.current
    last.current = null
    // Only when focus was in the drawer (or nowhere): never steal it from the composer.
    const active = document.activeElement
    if (
      previous &&
      (!active || active === document.body || refs[previous].current?.contains(active))
    )
      buttons[previous].current?.focus()
  }, [open])

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      // A popup inside the drawer (listbox, menu) handles its own Escape first.
      if (event.key === 'Escape' && !event.defaultPrevented) setOpen(null)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  return { open, toggle, close, refs, buttons }
}
