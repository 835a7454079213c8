import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

// Workspace packages resolve to their `src` through the `source` export condition, so the
// chat app builds without building the libraries first.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { conditions: ['@resource-kit/source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // One chunk of about 900 kB (the MCP SDK and zod are most of it): fine for a local demo.
    chunkSizeWarningLimit: 1200,
  },
  server: { port: 5173 },
})
