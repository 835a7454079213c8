import { defineConfig } from 'tsdown'

export default defineConfig({
  entry: ['src/bin.ts'],
  format: 'esm',
  platform: 'node',
  target: 'node20',
  clean: true,
  dts: false,
  sourcemap: true,
  // package.json's bin points at dist/bin.js.
  outExtensions: () => ({ js: '.js' }),
  deps: {
    // Bundle the client from its source, so the built bin runs without building the client first.
    alwaysBundle: [/^@resource-kit\//],
    neverBundle: [/^@modelcontextprotocol\//, /^@tanstack\//],
  },
  inputOptions: {
    resolve: { conditionNames: ['@resource-kit/source', 'import', 'node', 'default'] },
  },
})
