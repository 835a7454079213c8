import { fireEvent, render, screen } from '@testing-library/react'
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

  it('gives no token estimate for images and PDFs, and counts only the text beside them', () => {
    const { unmount } = show([{ uri: 'x://pixel', mimeType: 'image/png', blob: PNG }])
    const summary = screen.getByText(/\d B$/)
    expect(summary.textContent).toBe('70 B')
    expect(summary.hasAttribute('data-tokens')).toBe(false)
    unmount()
    show([
      { uri: 'x://pixel', mimeType: 'image/png', blob: PNG },
      { uri: 'x://a.txt', text: 'x'.repeat(400) },
    ])
    expect(screen.getByText(/tokens/).textContent).toBe('470 B · ~100 tokens of text')
  })

  it('shows an image’s pixel size once it has loaded', () => {
    const { container } = show([{ uri: 'x://pixel', mimeType: 'image/png', blob: PNG }])
    const img = container.querySelector('img')!
    Object.defineProperty(img, 'naturalWidth', { value: 640 })
    Object.defineProperty(img, 'naturalHeight', { value: 480 })
    fireEvent.load(img)
    expect(screen.getByText('640 × 480 px')).toBeTruthy()
  })

  it('offers a PDF to open or download (by its bytes, not its declared type), never inline', () => {
    const pdf = btoa('%PDF-1.7\n% fake but signed\n')
    const { container } = show([
      { uri: 'file:///docs/Annual%20report', mimeType: 'application/octet-stream', blob: pdf },
      { uri: 'x://not-a-pdf.pdf', mimeType: 'application/pdf', blob: btoa('hello') },
    ])
    const open = screen.getByRole('link', { name: 'Open PDF' })
    expect(open.getAttribute('href')).toMatch(/^blob:/)
    expect(open.getAttribute('rel')).toBe('noopener noreferrer')
    const download = screen.getByRole('link', { name: 'Download' })
    expect(download.getAttribute('download')).toBe('Annual report.pdf')
    expect(screen.getAllByRole('link')).toHaveLength(2)
    expect(container.querySelector('iframe, embed, object')).toBeNull()
    expect(screen.getByText(/Binary content \(application\/pdf\)/)).toBeTruthy()
  })

  it('says when a resource is empty', () => {
    show([])
    expect(screen.getByText('This resource is empty.')).toBeTruthy()
  })
})
