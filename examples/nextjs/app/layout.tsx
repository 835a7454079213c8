import '@resource-kit/react/theme.css'
import './page.css'
import type { ReactNode } from 'react'

export const metadata = { title: 'resource-kit on Next.js' }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
