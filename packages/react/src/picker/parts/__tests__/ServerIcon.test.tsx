import { fireEvent, render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ServerIcon } from '../ServerIcon.tsx'

describe('ServerIcon', () => {
  it('loads an https icon without credentials or referrer', () => {
    const { container } = render(<ServerIcon icons={[{ src: 'https://example.com/icon.png' }]} />)
    const img = container.querySelector('img')!
    expect(img.getAttribute('src')).toBe('https://example.com/icon.png')
    expect(img.getAttribute('crossorigin')).toBe('anonymous')
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer')
    expect(img.getAttribute('alt')).toBe('')
  })

  it('accepts data:image icons and refuses every other scheme', () => {
    const data =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=='
    expect(
      render(<ServerIcon icons={[{ src: data }]} />)
        .container.querySelector('img')
        ?.getAttribute('src'),
    ).toBe(data)
    for (const src of [
      'javascript:alert(1)',
      'http://example.com/i.png',
      'file:///etc/passwd',
      'data:text/html,<script>',
    ]) {
      const { container } = render(<ServerIcon icons={[{ src }]} />)
      expect(container.querySelector('img')).toBeNull()
      expect(container.querySelector('[data-placeholder]')).not.toBeNull()
    }
  })

  it('shows the placeholder for an icon that failed, and tries the icon of the next server', () => {
    const a = [{ src: 'https://a.example/icon.png' }]
    const b = [{ src: 'https://b.example/icon.png' }]
    const { container, rerender } = render(<ServerIcon icons={a} />)
    fireEvent.error(container.querySelector('img')!)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('[data-placeholder]')).not.toBeNull()
    // The same element reused for another server (rows are keyed by place).
    rerender(<ServerIcon icons={b} />)
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://b.example/icon.png')
  })
})
