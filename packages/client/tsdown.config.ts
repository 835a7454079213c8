import { defineConfig } from 'tsdown'

export default defineConfig({
  entry: ['src/index.ts', 'src/node.ts', 'src/persist.ts'],
  format: 'esm',
  dts: true,
  sourcemap: true,
  clean: true,
  deps: { neverBundle: [/^@modelcontextprotocol\//, /^@tanstack\//, /^idb-keyval$/] },
})
