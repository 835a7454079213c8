// A header button that opens one drawer (shown only on screens too narrow for it to sit
// beside the conversation; the CSS hides it otherwise).
import type { ReactNode } from 'react'
import type { DrawerName, Drawers } from './useDrawers.ts'

export function DrawerToggle({
  drawers,
  name,
  controls,
  children,
}: {
  drawers: Drawers
  name: DrawerName
  controls: string
  children: ReactNode
}) {
  return (
    <button
      ref={drawers.buttons[name]}
      type="button"
      className="chat-button chat-button-quiet chat-drawer-toggle"
      data-drawer={name}
      aria-expanded={drawers.open === name}
      aria-controls={controls}
      onClick={() => drawers.toggle(name)}
    >
      {children}
    </button>
  )
}
