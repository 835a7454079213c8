// Plays the person at the authorization server's page over real HTTP: loads the consent
// form the authorize URL answers with, picks an account, presses Allow (or Deny), and
// returns where the server redirects the browser (the client's callback URL).
import { expect } from 'vitest'

export async function answerConsent(
  authorizationUrl: URL | string,
  options: { account?: string; allow?: boolean } = {},
): Promise<{ callback: URL; page: string }> {
  const page = await fetch(authorizationUrl, { redirect: 'manual' })
  const html = await page.text()
  expect(page.status, html.slice(0, 300)).toBe(200)
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1]
  if (!request) throw new Error(`No consent form in the page: ${html.slice(0, 300)}`)
  const answer = await fetch(new URL('consent', authorizationUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      request,
      account: options.account ?? 'ada',
      decision: options.allow === false ? 'deny' : 'allow',
    }),
  })
  const location = answer.headers.get('location')
  await answer.body?.cancel()
  if (answer.status !== 303 || !location) throw new Error(`Consent answered ${answer.status}`)
  return { callback: new URL(location), page: html }
}
