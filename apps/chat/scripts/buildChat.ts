// Builds the chat app with Vite's API (used by `npm run demo` and the browser tests).
import path from 'node:path'
import { build } from 'vite'

const appRoot = path.resolve(import.meta.dirname, '..')

/** Build into `outDir` (default `apps/chat/dist`) and return that directory. */
export interface BuildChatOptions {
  /** @default apps/chat/dist */
  outDir?: string
  /** Only warnings from Vite. @default false */
  quiet?: boolean
  /** Write source maps. @default true */
  sourcemap?: boolean
}

export async function buildChat(options: BuildChatOptions = {}): Promise<string> {
  const outDir = path.resolve(options.outDir ?? path.join(appRoot, 'dist'))
  await build({
    configFile: path.join(appRoot, 'vite.config.ts'),
    root: appRoot,
    logLevel: options.quiet ? 'warn' : 'info',
    build: { outDir, emptyOutDir: true, sourcemap: options.sourcemap ?? true },
  })
  return outDir
}
