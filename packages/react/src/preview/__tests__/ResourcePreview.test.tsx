import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ResourcePreview } from '../ResourcePreview.tsx'

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=='

function show(
  contents: Parameters<typeof ResourcePreview>[0]['contents'],
  onLinkClick?: (href: string) => void,
) {
  return render(
    <StrictMode>
      <ResourcePreview contents={contents} onLinkClick={onLinkClick} />
    </StrictMode>,
  )
}

describe('ResourcePreview', () => {
  it('shows size and a rough token estimate before anything is attached', () => {
    show([{ uri: 'x://a', text: 'x'.repeat(4000) }])
    const summary = screen.getByText(/tokens/)
    expect(summary.textContent).toMatch(/^4(\.0)? kB · ~1,000 tokens$/)
  })

  it('renders markdown without raw HTML, without followable links and without remote images', async () => {
    const onLinkClick = vi.fn()
    const { container } = show(
      [
        {
          uri: 'x://readme.md',
          mimeType: 'text/markdown',
          text: '# Title\n\n<script>alert(1)</script><img src="https://evil/x.png" onerror="alert(1)">\n\n[docs](https://example.com/docs) ![logo](https://evil/logo.png)',
        },
      ],
      onLinkClick,
    )
    expect(screen.getByRole('heading', { name: 'Title' })).toBeTruthy()
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('a')).toBeNull()
    expect(screen.getByText('[image: logo]')).toBeTruthy()
    await userEvent.setup().click(screen.getByRole('button', { name: 'docs' }))
    expect(onLinkClick).toHaveBeenCalledWith('https://example.com/docs')
  })

  it('pretty-prints JSON and shows plain text as text', () => {
    const { container } = show([
      { uri: 'x://a.json', mimeType: 'application/json', text: '{"a":1}' },
      { uri: 'x://b.txt', mimeType: 'text/plain', text: '<b>bold?</b>' },
    ])
    const codes = [...container.querySelectorAll('pre code')].map((c) => c.textContent)
    expect(codes).toEqual(['{\n  "a": 1\n}', '<b>bold?</b>'])
    expect(container.querySelector('b')).toBeNull()
    // Several items: each names its URI.
    expect(screen.getByRole('region', { name: 'x://a.json' })).toBeTruthy()
  })

  it('makes every scrolling text region reachable by keyboard and named (axe scrollable-region-focusable)', () => {
    show([
      { uri: 'x://a.json', mimeType: 'application/json', text: '{"a":1}' },
      { uri: 'x://b.md', mimeType: 'text/markdown', text: '# B' },
    ])
    for (const name of ['Preview of x://a.json', 'Preview of x://b.md']) {
      const region = screen.getByRole('region', { name })
      expect(region.tabIndex).toBe(0)
    }
  })

  it('shows raster images from blobs through a local object URL and other binaries as a size', () => {
    const { container } = show([
      { uri: 'x://pixel', mimeType: 'image/png', blob: PNG },
      { uri: 'x://data.bin', mimeType: 'application/octet-stream', blob: btoa('abcdef') },
      { uri: 'x://evil.svg', mimeType: 'image/svg+xml', blob: btoa('<svg onload="alert(1)"/>') },
    ])
    const images = container.querySelectorAll('img')
    expect(images).toHaveLength(1)
    expect(images[0]!.getAttribute('src')).toMatch(/^blob:/)
    expect(screen.getByText(/Binary content \(application\/octet-stream\), 6 B/)).toBeTruthy()
    expect(screen.getByText(/Binary content \(image\/svg\+xml\)/)).toBeTruthy()
  })

  it('says when a resource is empty', () => {
    show([])
    expect(screen.getByText('This resource is empty.')).toBeTruthy()
  })
})
