import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

// Workspace packages resolve to their `src` through the `source` export condition, so the
// chat app builds without building the libraries first.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { conditions: ['@resource-kit/source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { port: 5173 },
})
