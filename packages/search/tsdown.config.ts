import { defineConfig } from 'tsdown'

export default defineConfig({
  entry: ['src/index.ts', 'src/lazy.ts', 'src/worker.ts'],
  format: 'esm',
  dts: true,
  sourcemap: true,
  clean: true,
  external: [/^fuse\.js$/, /^comlink$/],
})
