// The parts, their refs and the composer on React 18, which the peer range allows: the
// same test files as the `react` project, with `react` and `react-dom` resolved to the
// React 18 installed in integration/react18 (its own node_modules, so react-dom 18's own
// `require('react')` finds React 18 too).
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.ts'

const react18 = fileURLToPath(new URL('../../integration/react18/node_modules/', import.meta.url))

/** The files that cover refs, the parts and the composer. */
export const REACT_18_TESTS = [
  'src/__tests__/partRefs.test.tsx',
  'src/picker/parts/__tests__/*.test.tsx',
  'src/mention/__tests__/MentionComposer*.test.tsx',
]

export default defineProject({
  ...sourceResolve,
  resolve: {
    ...sourceResolve.resolve,
    alias: [
      // Its ES build, so its own imports of react and react-dom meet the aliases below.
      {
        find: /^@testing-library\/react$/,
        replacement: fileURLToPath(
          new URL(
            '../../node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
            import.meta.url,
          ),
        ),
      },
      { find: /^react$/, replacement: `${react18}react/index.js` },
      { find: /^react\/(.+)$/, replacement: `${react18}react/$1.js` },
      { find: /^react-dom$/, replacement: `${react18}react-dom/index.js` },
      { find: /^react-dom\/(.+)$/, replacement: `${react18}react-dom/$1.js` },
    ],
  },
  plugins: [react()],
  test: {
    name: 'react-18',
    environment: 'happy-dom',
    include: REACT_18_TESTS,
    setupFiles: ['./src/__tests__/setup.ts'],
    server: {
      deps: {
        // Everything that imports React goes through Vite, so the aliases above reach it:
        // one React for the parts, Testing Library, React Query, Floating UI and zustand.
        inline: [
          /@modelcontextprotocol\/client/,
          /eventsource/,
          /@testing-library\/react/,
          /@tanstack\/react-/,
          /@floating-ui\/react/,
          /zustand/,
          /react-markdown/,
          /use-sync-external-store/,
        ],
      },
    },
  },
})
