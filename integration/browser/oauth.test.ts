// Signing in to a protected MCP server from the chat host, in real Chromium: the demo's
// `--auth` server (its own authorization server on another port, both on 127.0.0.1) is
// listed next to the open one; "Sign in to …" in the picker opens the authorization
// server's consent page in a popup (or, when popups are blocked, in the page itself), and
// after Allow the server's resources load in place; Sign out brings "Sign in to …" back.
// Direct mode: the sign-ins live in IndexedDB (indexedDbAuthStorage), one entry per server
// URL: the redirect case shows the PKCE verifier and state survive leaving the page.
// Through the bridge (the demo's default) the page only opens the page the backend sends;
// the backend exchanges the code and keeps the tokens: none reach the page.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot } from './harness/artifacts.ts'
import { type ChatHarness, type ChatMode, startChatHarness } from './harness/chatApp.ts'

let chat: ChatHarness

beforeAll(async () => {
  chat = await startChatHarness({ protectedServer: true })
}, 90_000)

afterAll(async () => {
  await chat?.close()
})

const SERVER = 'Protected workspace'

function serverItem(page: Page) {
  return page.locator('.rk-server[data-server-id="protected"]')
}

/** The picker's row of the protected server, expanded so its status row shows. */
async function expandProtected(page: Page) {
  const header = page.locator('.chat-picker [role="treeitem"]', { hasText: SERVER }).first()
  await expect.poll(() => header.getAttribute('aria-expanded'), { timeout: 15_000 }).not.toBeNull()
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click()
}

function signInRow(page: Page) {
  return page.locator('.chat-picker [role="treeitem"]', { hasText: `Sign in to ${SERVER}` })
}

/** Allows access on the authorization server's consent page (account Ada is preselected). */
async function allow(consent: Page) {
  await consent.waitForLoadState('domcontentloaded')
  expect(new URL(consent.url()).origin).toBe(new URL(chat.demo.authServerUrl!).origin)
  await expect.poll(() => consent.title()).toMatch(/Sign in/)
  await consent.getByRole('button', { name: 'Allow' }).click()
}

async function expectSignedIn(page: Page) {
  await expect
    .poll(() => serverItem(page).locator('.rk-server-status').textContent(), {
      timeout: 20_000,
    })
    .toMatch(/^[\d,]+ resources/)
  await expect(serverItem(page).locator('.rk-server-account').textContent()).resolves.toBe(
    'Signed in as Ada Lovelace',
  )
  // Listed in the same page, under the server's row: no reload happened.
  await expect
    .poll(() => page.locator('.chat-picker [role="treeitem"][aria-level="2"]').count())
    .toBeGreaterThan(1)
  await expect(signInRow(page).count()).resolves.toBe(0)
}

/** The sign-ins the client keeps in IndexedDB: each entry's key, and whether it holds tokens. */
function signIns(page: Page): Promise<{ key: string; hasTokens: boolean }[]> {
  return page.evaluate(async () => {
    const done = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    const db = await done(indexedDB.open('resource-kit-auth'))
    try {
      const store = db.transaction('sign-ins', 'readonly').objectStore('sign-ins')
      const [keys, values] = await Promise.all([done(store.getAllKeys()), done(store.getAll())])
      return keys.map((key, i) => ({
        key: String(key),
        hasTokens: String(values[i]).includes('"access_token"'),
      }))
    } finally {
      db.close()
    }
  })
}

/** Whether the page has the client's sign-in database at all (without creating it). */
function hasAuthDatabase(page: Page): Promise<boolean> {
  return page.evaluate(async () =>
    (await indexedDB.databases()).some((db) => db.name === 'resource-kit-auth'),
  )
}

/** The protected server's access token, as the client stored it. */
function accessToken(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const done = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    const db = await done(indexedDB.open('resource-kit-auth'))
    try {
      const store = db.transaction('sign-ins', 'readonly').objectStore('sign-ins')
      const [value] = await done(store.getAll())
      return (JSON.parse(String(value)) as { tokens: { access_token: string } }).tokens.access_token
    } finally {
      db.close()
    }
  })
}

function localStorageWithTokens(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Object.keys(localStorage).filter((key) => localStorage.getItem(key)?.includes('access_token')),
  )
}

for (const mode of ['bridge', 'direct'] as const satisfies readonly ChatMode[]) {
  describe(`chat app: sign-in to a protected server (${mode})`, () => {
    it('signs in from the picker through a popup, lists the resources, and signs out', async () => {
      const page = await chat.openChat({ mode })
      const logs: string[] = []
      page.on('console', (message) => logs.push(message.text()))
      await expect
        .poll(() => serverItem(page).locator('.rk-server-status').textContent(), {
          timeout: 15_000,
        })
        .toMatch(/^Sign in to see its resources \(you sign in at 127\.0\.0\.1:\d+\)\.$/)
      await expandProtected(page)
      const row = signInRow(page)
      await expect.poll(() => row.count()).toBe(1)
      await screenshot(page, `${mode}-oauth-01-sign-in-row`)

      // Keyboard: the picker's search box holds focus, End highlights the last row, ours
      // (through the bridge the stdio server's rows come after it: up from there).
      await page.getByRole('combobox', { name: 'Search resources' }).focus()
      await page.keyboard.press('End')
      for (let i = 0; i < 60 && (await row.getAttribute('data-highlighted')) === null; i++)
        await page.keyboard.press('ArrowUp')
      await expect(row.getAttribute('data-highlighted')).resolves.not.toBeNull()
      const popupOpened = page.context().waitForEvent('page', { timeout: 15_000 })
      const loadsBefore = await page.evaluate(
        () => performance.getEntriesByType('navigation').length,
      )
      await page.keyboard.press('Enter')
      const popup = await popupOpened
      await allow(popup)
      // The callback route tells the app and closes the popup.
      await popup.waitForEvent('close', { timeout: 15_000 })
      await expectSignedIn(page)
      expect(new URL(page.url()).pathname).toBe('/')
      expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(
        loadsBefore,
      )
      await screenshot(page, `${mode}-oauth-02-signed-in`)

      if (mode === 'direct') {
        // The tokens sit in the client's IndexedDB storage, one entry per server, and nowhere
        // in localStorage (the app's own storage).
        expect(await signIns(page)).toEqual([{ key: chat.demo.authMcpUrl, hasTokens: true }])
        // Nor in anything the page logged or shows.
        const token = await accessToken(page)
        expect(token.length).toBeGreaterThan(20)
        expect(logs.filter((line) => line.includes(token))).toEqual([])
        expect(await page.content()).not.toContain(token)
      } else {
        // The backend exchanged the code and keeps the tokens: the page has no sign-in store.
        expect(await hasAuthDatabase(page)).toBe(false)
        expect(logs.filter((line) => line.includes('access_token'))).toEqual([])
      }
      expect(await localStorageWithTokens(page)).toEqual([])

      await serverItem(page)
        .getByRole('button', { name: `Sign out of ${SERVER}` })
        .click()
      await expect.poll(() => signInRow(page).count(), { timeout: 10_000 }).toBe(1)
      await expect(serverItem(page).locator('.rk-server-account').count()).resolves.toBe(0)
      // Sign-out forgets everything of that server, its discovery too: nothing is left.
      if (mode === 'direct') await expect.poll(() => signIns(page)).toEqual([])
      await screenshot(page, `${mode}-oauth-03-signed-out`)
      await page.close()
    }, 60_000)

    it('signs in through a redirect of the page when the popup is blocked', async () => {
      const page = await chat.openChat({ mode })
      // A browser that blocks the popup: window.open answers null.
      await page.addInitScript(() => {
        window.open = () => null
      })
      await page.reload()
      await expandProtected(page)
      await expect.poll(() => signInRow(page).count(), { timeout: 15_000 }).toBe(1)
      await serverItem(page)
        .getByRole('button', { name: `Sign in to ${SERVER}` })
        .click()
      await page.waitForURL((url) => url.origin === new URL(chat.demo.authServerUrl!).origin)
      await allow(page)
      await page.waitForURL((url) => url.origin === new URL(chat.demo.appUrl).origin)
      await expandProtected(page)
      await expectSignedIn(page)
      // The code and state left the address bar and the history.
      expect(new URL(page.url()).pathname).toBe('/')
      expect(new URL(page.url()).search).toBe(mode === 'direct' ? '?mode=direct' : '')
      if (mode === 'direct') {
        expect(await signIns(page)).toEqual([{ key: chat.demo.authMcpUrl, hasTokens: true }])
      } else {
        expect(await hasAuthDatabase(page)).toBe(false)
      }
      await page.close()
    }, 60_000)
  })
}
