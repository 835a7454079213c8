import { OAuthError, OAuthErrorCode, RegistrationRejectedError } from '@modelcontextprotocol/client'
import { describe, expect, it } from 'vitest'
import { excerptOf, oauthFailureOf } from '../auth/oauthFailure.ts'

describe('oauthFailureOf', () => {
  it('reads an RFC 7591 error document of a refused registration', () => {
    const error = new RegistrationRejectedError({
      status: 400,
      body: JSON.stringify({
        error: 'invalid_redirect_uri',
        error_description: 'Redirect URIs must be https',
      }),
      submittedMetadata: { redirect_uris: ['http://x/cb'] },
    })
    expect(oauthFailureOf(error)).toEqual({
      step: 'registration',
      status: 400,
      message:
        'client registration at the authorization server failed (HTTP 400): invalid_redirect_uri: Redirect URIs must be https',
    })
  })

  it('keeps a token endpoint’s HTML page out, bounded, entities decoded, without stack frames', () => {
    const page = `<html><head><title>Oops &amp; sorry</title><script>var secret = 1</script></head>
      <body><pre>TypeError: boom &lt;x&gt;<br>&nbsp;&nbsp;at handler (/srv/app.js:1:1)<br>${'y'.repeat(5000)}</pre></body></html>`
    const error = new OAuthError(
      OAuthErrorCode.ServerError,
      `HTTP 500: Invalid OAuth error response: SyntaxError: bad. Raw body: ${page}`,
    )
    const failure = oauthFailureOf(error)!
    expect(failure.step).toBe('token')
    expect(failure.status).toBe(500)
    expect(failure.message).toMatch(
      /^the token request to the authorization server failed \(HTTP 500\): Oops & sorry · TypeError: boom x · y+…$/,
    )
    expect(failure.message).not.toMatch(/secret|handler|[<>]/)
    expect(failure.message.length).toBeLessThan(260)
  })

  it('names a well-formed OAuth error by its code', () => {
    const error = new OAuthError(OAuthErrorCode.InvalidGrant, 'The refresh token is invalid')
    expect(oauthFailureOf(error, 'token')?.message).toBe(
      'the token request to the authorization server failed: invalid_grant: The refresh token is invalid',
    )
  })

  it('leaves errors that are not the OAuth flow’s alone', () => {
    expect(oauthFailureOf(new TypeError('fetch failed'))).toBeUndefined()
    expect(oauthFailureOf('nope')).toBeUndefined()
  })
})

describe('excerptOf', () => {
  it('keeps plain text as one bounded line without query strings', () => {
    expect(excerptOf('bad\n  request at https://as.example/token?code=secret')).toBe(
      'bad request at https://as.example/token',
    )
    expect(excerptOf('z'.repeat(1000)).length).toBe(160)
  })
})
