import { defineConfig } from 'tsdown'

export default defineConfig({
  entry: ['src/index.ts', 'src/helpers.ts'],
  format: 'esm',
  dts: true,
  sourcemap: true,
  clean: true,
  // theme.css is exported straight from src; nothing is copied.
  external: [
    /^react($|\/)/,
    /^react-dom($|\/)/,
    /^@tanstack\//,
    /^zustand($|\/)/,
    /^@resource-kit\/client($|\/)/,
    /^@resource-kit\/search($|\/)/,
    /^@floating-ui\//,
    /^react-markdown$/,
  ],
})
