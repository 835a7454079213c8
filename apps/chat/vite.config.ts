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
    // Split by what changes together and caches apart: React, the MCP SDK, the other
    // dependencies (zod, TanStack Query, …), and the app with the resource-kit libraries. One chunk of
    // 930 kB before; the browser test checks no chunk passes 500 kB.
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Vite's preload helper, which every dynamic import uses: in a chunk of its own, or
            // it lands in a shared one (it did in mcp-sdk, so the bridge page loaded the SDK).
            { name: 'preload', test: /vite\/preload-helper/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'mcp-sdk', test: /node_modules[\\/]@modelcontextprotocol[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: { port: 5173 },
})
