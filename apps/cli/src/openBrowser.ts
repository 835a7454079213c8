// Opens a URL in the person's browser: $BROWSER if set (a command, the URL as its one
// argument), else the platform's opener. Resolves to false when none could be started —
// the caller has printed the URL already, so the person can open it by hand.
import { spawn } from 'node:child_process'

export function openBrowser(
  url: string,
  env: Record<string, string | undefined>,
): Promise<boolean> {
  const command =
    env.BROWSER ||
    (process.platform === 'darwin'
      ? 'open'
      : process.platform === 'win32'
        ? 'explorer'
        : 'xdg-open')
  return new Promise((resolve) => {
    try {
      // No shell: the URL is one argument, whatever it contains.
      const child = spawn(command, [url], {
        stdio: 'ignore',
        detached: true,
        env: { ...process.env, ...env },
      })
      child.once('error', () => resolve(false))
      child.once('spawn', () => {
        child.unref()
        resolve(true)
      })
    } catch {
      resolve(false)
    }
  })
}
