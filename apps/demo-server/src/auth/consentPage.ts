// The authorization server's sign-in and consent page: pick an account, allow or deny.
// Everything the client registered (its name, redirect URI) is untrusted and escaped.
import type { AuthorizationParams } from '@modelcontextprotocol/sdk/server/auth/provider.js'
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js'
import type { DemoAccount } from './demoAuthProvider.ts'

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c)

export function renderConsentPage(options: {
  request: string
  client: OAuthClientInformationFull
  params: AuthorizationParams
  accounts: readonly DemoAccount[]
}): string {
  const { request, client, params, accounts } = options
  const clientName = escapeHtml(client.client_name ?? client.client_id)
  const scopes = params.scopes?.length ? params.scopes : ['(none)']
  const redirect = escapeHtml(new URL(params.redirectUri).origin)
  const accountInputs = accounts
    .map(
      (account, index) =>
        `<label><input type="radio" name="account" value="${escapeHtml(account.id)}"${index === 0 ? ' checked' : ''}> ${escapeHtml(account.name)}</label>`,
    )
    .join('\n        ')
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Sign in — resource-kit demo</title>
  <style>
    body { font: 16px system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; }
    fieldset { border: 1px solid #ccc; border-radius: 6px; margin: 1rem 0; }
    label { display: block; margin: .3rem 0; }
    button { font: inherit; padding: .4rem 1rem; margin-right: .5rem; }
    code { background: #f3f3f3; padding: 0 .2rem; }
  </style>
</head>
<body>
  <main>
    <h1>Sign in to the resource-kit demo</h1>
    <p><strong>${clientName}</strong> (returning to <code>${redirect}</code>) asks to read your resources${params.resource ? ` on <code>${escapeHtml(params.resource.href)}</code>` : ''}.</p>
    <form method="post" action="consent">
      <input type="hidden" name="request" value="${escapeHtml(request)}">
      <fieldset>
        <legend>Account</legend>
        ${accountInputs}
      </fieldset>
      <p>Access asked for: ${scopes.map((scope) => `<code>${escapeHtml(scope)}</code>`).join(' ')}</p>
      <button type="submit" name="decision" value="allow">Allow</button>
      <button type="submit" name="decision" value="deny">Deny</button>
    </form>
  </main>
</body>
</html>
`
}
