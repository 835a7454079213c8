// @vitest-environment node
// On a server there is no window, document or layout: the row window renders the rows
// `initialRect` holds, and touches nothing of the browser.
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { usePickerRowWindow } from '../usePickerRowWindow.ts'

function List() {
  const win = usePickerRowWindow(1000, { initialRect: { width: 300, height: 96 }, overscan: 2 })
  return (
    <ul>
      {win.rowWindow.getVirtualItems().map((item) => (
        <li key={item.key}>{item.index}</li>
      ))}
    </ul>
  )
}

describe('usePickerRowWindow on a server', () => {
  it('renders the rows initialRect holds, without a window or a document', () => {
    expect(typeof window).toBe('undefined')
    expect(renderToString(<List />)).toBe(
      '<ul><li>0</li><li>1</li><li>2</li><li>3</li><li>4</li></ul>',
    )
  })
})
