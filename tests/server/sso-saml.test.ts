/**
 * SAML 2.0 single sign-on of a domain (server/modules/oauth/sso.ts, node-saml): the sign-in page of a SAML
 * domain's host sends an AuthnRequest by HTTP-Redirect to the IdP entry point; the test plays the IdP, signing
 * its responses with the test-only key in tests/server/fixtures (the domain trusts saml-idp.cert.pem) and
 * posting them to the assertion consumer service. A good response signs the NameID's user in; a tampered one,
 * one signed by another key, one for another audience or another request, a replay and an unknown user are
 * refused with a page saying why. Signing out goes on to the domain's logout URL; the SP metadata is served.
 */
import { randomUUID, verify, X509Certificate } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { inflateRawSync } from 'node:zlib'
import { signSamlPost } from '@node-saml/node-saml/lib/saml-post-signing'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encrypt } from 'xml-encryption'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { domainOn, updateDomainOn } from './support/domains.ts'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
const IDP_KEY = fixture('saml-idp.key.pem')
const IDP_CERT = fixture('saml-idp.cert.pem')
const OTHER_KEY = fixture('saml-other-idp.key.pem')
const OTHER_CERT = fixture('saml-other-idp.cert.pem')

let app: FastifyInstance
let admin: string
const HOST = 'wms.example.com'
const APP = `http://${HOST}/`
const ACS = `http://${HOST}/api/oauth/sso/saml`
const SP_ENTITY = `http://${HOST}/api/oauth/sso/saml/metadata`
const IDP = 'https://idp.example.org/saml'

const updateDomain = (fields: Record<string, unknown>) => updateDomainOn(app, admin, HOST, fields)

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
  await updateDomain({
    ssoTypeCode: 'SAML',
    ssoLoginUrl: `${IDP}/sso`,
    ssoLogoutUrl: `${IDP}/logout`,
    ssoIdpIssuer: IDP,
    ssoIdpCertificate: IDP_CERT,
  })
})
afterAll(async () => {
  await app.close()
})

/** The sign-in page on the domain's host: the AuthnRequest's ID and the RelayState it carries. */
async function start() {
  const response = await app.inject({
    url: `/api/oauth/oauth/authorize?response_type=token&client_id=localhost&redirect_uri=${encodeURIComponent(APP)}&state=s1`,
    headers: { host: HOST },
  })
  expect(response.statusCode, response.body).toBe(302)
  const to = new URL(String(response.headers.location))
  expect(`${to.origin}${to.pathname}`).toBe(`${IDP}/sso`)
  const request = inflateRawSync(Buffer.from(to.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8')
  return { request, id: /\sID="([^"]+)"/.exec(request)![1]!, relayState: to.searchParams.get('RelayState')! }
}

interface ResponseOptions {
  inResponseTo: string
  nameId?: string
  audience?: string
  issuer?: string
  key?: string
  cert?: string
  /** saml:Attribute name → value */
  attributes?: Record<string, string>
}
/** A SAML response as the IdP would post it, its assertion signed (RSA-SHA256). */
function samlResponse(options: ResponseOptions): string {
  const now = new Date()
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString()
  const issuer = options.issuer ?? IDP
  const xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${at(0)}" Destination="${ACS}" InResponseTo="${options.inResponseTo}">` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion ID="_${randomUUID()}" Version="2.0" IssueInstant="${at(0)}">` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${options.nameId ?? 'clerk'}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${options.inResponseTo}" NotOnOrAfter="${at(5)}" Recipient="${ACS}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${at(-1)}" NotOnOrAfter="${at(5)}"><saml:AudienceRestriction><saml:Audience>${options.audience ?? SP_ENTITY}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    (options.attributes
      ? `<saml:AttributeStatement>${Object.entries(options.attributes)
          .map(
            ([name, value]) =>
              `<saml:Attribute Name="${name}"><saml:AttributeValue>${value}</saml:AttributeValue></saml:Attribute>`,
          )
          .join('')}</saml:AttributeStatement>`
      : '') +
    `<saml:AuthnStatement AuthnInstant="${at(0)}" SessionIndex="_s1"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `</saml:Assertion></samlp:Response>`
  return signSamlPost(xml, "/*[local-name(.)='Response']/*[local-name(.)='Assertion']", {
    privateKey: options.key ?? IDP_KEY,
    publicCert: options.cert ?? IDP_CERT,
    signatureAlgorithm: 'sha256',
  })
}
/**
 * The same response with its signed assertion encrypted to `cert` (AES-256-GCM, the key by RSA-OAEP), as an IdP
 * does for an SP that publishes an encryption certificate.
 */
async function encryptedResponse(options: ResponseOptions & { to: string }): Promise<string> {
  const signed = samlResponse(options)
  const start = signed.indexOf('<saml:Assertion ')
  const end = signed.indexOf('</saml:Assertion>') + '</saml:Assertion>'.length
  // The assertion travels alone: it declares the namespace it had from the response (exclusive c14n: the
  // signature is the same).
  const assertion = signed
    .slice(start, end)
    .replace('<saml:Assertion ', '<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ')
  const encrypted = await new Promise<string>((resolve, reject) =>
    encrypt(
      assertion,
      {
        rsa_pub: new X509Certificate(options.to).publicKey.export({ type: 'spki', format: 'pem' }),
        pem: options.to,
        encryptionAlgorithm: 'http://www.w3.org/2009/xmlenc11#aes256-gcm',
        keyEncryptionAlgorithm: 'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p',
        disallowEncryptionWithInsecureAlgorithm: true,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  )
  return `${signed.slice(0, start)}<saml:EncryptedAssertion>${encrypted}</saml:EncryptedAssertion>${signed.slice(end)}`
}
const post = (xml: string, relayState: string) =>
  app.inject({
    method: 'POST',
    url: '/api/oauth/sso/saml',
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      SAMLResponse: Buffer.from(xml).toString('base64'),
      RelayState: relayState,
    }).toString(),
  })

describe('SAML single sign-on of a domain', () => {
  it('sends an AuthnRequest, accepts the signed response for it and signs the NameID in', async () => {
    const { request, id, relayState } = await start()
    expect(request).toContain(`AssertionConsumerServiceURL="${ACS}"`)
    expect(request).toContain(`>${SP_ENTITY}</saml:Issuer>`)
    expect(relayState).toMatch(/^[\w-]{43}$/)

    const xml = samlResponse({ inResponseTo: id })
    const signedIn = await post(xml, relayState)
    expect(signedIn.statusCode, signedIn.body).toBe(302)
    const location = String(signedIn.headers.location)
    expect(location.startsWith(`${APP}#`)).toBe(true)
    const hash = new URLSearchParams(location.split('#')[1])
    expect(hash.get('state')).toBe('s1')
    const token = hash.get('access_token')!
    const self = await injectAs(app, token, 'GET', '/api/iam/hzero/v1/users/self')
    expect(self.statusCode).toBe(200)
    expect(self.json().loginName).toBe('clerk')

    // A response is good once.
    const replay = await post(xml, relayState)
    expect(replay.statusCode).toBe(400)
    expect(replay.body).toContain('already used')

    // Signing out goes on to the IdP's logout URL.
    const logout = await app.inject({
      url: `/api/oauth/logout?access_token=${token}`,
      headers: { host: HOST },
    })
    expect(logout.statusCode).toBe(302)
    expect(logout.headers.location).toBe(`${IDP}/logout`)
    expect((await injectAs(app, token, 'GET', '/api/iam/hzero/v1/users/self')).statusCode).toBe(401)
  })

  it('refuses a tampered response, another key, another audience, another request and an unknown user', async () => {
    const tampered = await start()
    const changed = samlResponse({ inResponseTo: tampered.id }).replace(
      '>clerk</saml:NameID>',
      '>admin</saml:NameID>',
    )
    const forged = await post(changed, tampered.relayState)
    expect(forged.statusCode).toBe(401)
    expect(forged.body).toContain('the SAML response was refused (Invalid signature')
    expect(forged.body).toContain('ask an administrator to check the domain')

    const other = await start()
    const wrongKey = await post(
      samlResponse({ inResponseTo: other.id, key: OTHER_KEY, cert: OTHER_CERT }),
      other.relayState,
    )
    expect(wrongKey.statusCode).toBe(401)
    expect(wrongKey.body).toContain('the SAML response was refused (Invalid signature')

    const audience = await start()
    const elsewhere = await post(
      samlResponse({ inResponseTo: audience.id, audience: 'https://another-sp.example.org' }),
      audience.relayState,
    )
    expect(elsewhere.statusCode).toBe(401)
    expect(elsewhere.body).toContain('audience')

    const issuer = await start()
    const wrongIssuer = await post(
      samlResponse({ inResponseTo: issuer.id, issuer: 'https://evil.example.org' }),
      issuer.relayState,
    )
    expect(wrongIssuer.statusCode).toBe(401)
    expect(wrongIssuer.body).toContain(
      'issued by &#39;https://evil.example.org&#39;, not by the domain&#39;s IdP issuer',
    )

    // A response to another AuthnRequest, posted with this sign-in's RelayState.
    const mixed = await start()
    const answerOther = await post(samlResponse({ inResponseTo: '_not-our-request' }), mixed.relayState)
    expect(answerOther.statusCode).toBe(401)
    expect(answerOther.body).toContain('InResponseTo is not valid')

    const stranger = await start()
    const unknown = await post(
      samlResponse({ inResponseTo: stranger.id, nameId: 'nobody.here' }),
      stranger.relayState,
    )
    expect(unknown.statusCode).toBe(403)
    expect(unknown.body).toContain('nobody.here&#39; has no account here')

    const missing = await app.inject({
      method: 'POST',
      url: '/api/oauth/sso/saml',
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'RelayState=x',
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.body).toContain('SAMLResponse and RelayState are required')

    // A host without SAML refuses the post.
    const local = await app.inject({
      method: 'POST',
      url: '/api/oauth/sso/saml',
      headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'SAMLResponse=x&RelayState=y',
    })
    expect(local.statusCode).toBe(400)
    expect(local.body).toContain('does not sign in by SAML')
  })

  it('takes the login name from the attribute the user claim names, when one is set', async () => {
    await updateDomain({ ssoUserClaim: 'uid' })
    try {
      const first = await start()
      const byAttribute = await post(
        samlResponse({ inResponseTo: first.id, nameId: 'opaque-id-17', attributes: { uid: 'clerk' } }),
        first.relayState,
      )
      expect(byAttribute.statusCode, byAttribute.body).toBe(302)
      const token = new URLSearchParams(String(byAttribute.headers.location).split('#')[1]).get(
        'access_token',
      )!
      expect((await injectAs(app, token, 'GET', '/api/iam/hzero/v1/users/self')).json().loginName).toBe(
        'clerk',
      )

      const second = await start()
      const without = await post(
        samlResponse({ inResponseTo: second.id, nameId: 'clerk' }),
        second.relayState,
      )
      expect(without.statusCode).toBe(401)
      expect(without.body).toContain('has no attribute &#39;uid&#39;')
    } finally {
      await updateDomain({ ssoUserClaim: null })
    }
  })

  it('decrypts an encrypted assertion with the SP private key, which stays in the vault; the metadata publishes its certificate', async () => {
    // Any test-only pair serves as the SP's encryption pair: this one is "another IdP" elsewhere in the file.
    const SP_KEY = OTHER_KEY
    const SP_CERT = OTHER_CERT
    const first = await start()
    const without = await post(
      await encryptedResponse({ inResponseTo: first.id, to: SP_CERT }),
      first.relayState,
    )
    expect(without.statusCode).toBe(401)
    expect(without.body).toContain('no SP private key to decrypt it')

    try {
      await updateDomain({ ssoSpCertificate: SP_CERT, ssoSpPrivateKey: SP_KEY })
      const stored = await domainOn(app, admin, HOST)
      expect(stored.ssoSpPrivateKey).toBe('******') // the key never reads back
      expect(stored.ssoSpCertificate).toBe(SP_CERT)

      const metadata = await app.inject({ url: '/api/oauth/sso/saml/metadata', headers: { host: HOST } })
      expect(metadata.statusCode).toBe(200)
      expect(metadata.body).toContain('use="encryption"')
      const body = SP_CERT.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '')
      expect(metadata.body.replace(/\s+/g, '')).toContain(body)

      const { id, relayState } = await start()
      const signedIn = await post(await encryptedResponse({ inResponseTo: id, to: SP_CERT }), relayState)
      expect(signedIn.statusCode, signedIn.body).toBe(302)
      const token = new URLSearchParams(String(signedIn.headers.location).split('#')[1]).get('access_token')!
      expect((await injectAs(app, token, 'GET', '/api/iam/hzero/v1/users/self')).json().loginName).toBe(
        'clerk',
      )

      // encrypted to another certificate: this server's key cannot open it
      const other = await start()
      const wrongKey = await post(
        await encryptedResponse({ inResponseTo: other.id, to: IDP_CERT }),
        other.relayState,
      )
      expect(wrongKey.statusCode).toBe(401)
      expect(wrongKey.body).toContain('the SAML response was refused')

      // an IdP that does not encrypt still signs in
      const plain = await start()
      expect((await post(samlResponse({ inResponseTo: plain.id }), plain.relayState)).statusCode).toBe(302)
    } finally {
      await updateDomain({ ssoSpCertificate: null, ssoSpPrivateKey: null })
    }
  })

  it('signs its AuthnRequests with the SP private key when the domain says so (RSA-SHA256, HTTP-Redirect)', async () => {
    const SP_KEY = OTHER_KEY
    const SP_CERT = OTHER_CERT
    const authorize = () =>
      app.inject({
        url: `/api/oauth/oauth/authorize?response_type=token&client_id=localhost&redirect_uri=${encodeURIComponent(APP)}&state=s1`,
        headers: { host: HOST },
      })
    try {
      // asked to sign without a key: the sign-in page says what is missing instead of sending an unsigned request
      await updateDomain({ ssoSignRequests: 1 })
      const unset = await authorize()
      expect(unset.statusCode).toBe(503)
      expect(unset.body).toContain('no SP private key and certificate')

      await updateDomain({ ssoSpCertificate: SP_CERT, ssoSpPrivateKey: SP_KEY })
      const { request, id, relayState } = await start()
      expect(request).toContain(`ID="${id}"`)
      const started = await authorize()
      const query = String(started.headers.location).split('?')[1]!
      const part = (name: string) => query.split('&').find((p) => p.startsWith(`${name}=`))!
      // The redirect binding signs the query as sent: SAMLRequest, RelayState and SigAlg, in that order.
      const signed = [part('SAMLRequest'), part('RelayState'), part('SigAlg')].join('&')
      expect(decodeURIComponent(part('SigAlg').split('=')[1]!)).toBe(
        'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      )
      const signature = Buffer.from(decodeURIComponent(part('Signature').split('=')[1]!), 'base64')
      expect(verify('sha256', Buffer.from(signed), new X509Certificate(SP_CERT).publicKey, signature)).toBe(
        true,
      )
      expect(
        verify('sha256', Buffer.from(`${signed}x`), new X509Certificate(SP_CERT).publicKey, signature),
      ).toBe(false)

      const metadata = await app.inject({ url: '/api/oauth/sso/saml/metadata', headers: { host: HOST } })
      expect(metadata.body).toContain('AuthnRequestsSigned="true"')
      expect(metadata.body).toContain('use="signing"')
      // the signed request is answered as before
      expect((await post(samlResponse({ inResponseTo: id }), relayState)).statusCode).toBe(302)
    } finally {
      await updateDomain({ ssoSignRequests: 0, ssoSpCertificate: null, ssoSpPrivateKey: null })
    }
    expect(String((await authorize()).headers.location)).not.toContain('Signature=')
  })

  it('serves the SP metadata with the entity id and the assertion consumer service', async () => {
    const metadata = await app.inject({ url: '/api/oauth/sso/saml/metadata', headers: { host: HOST } })
    expect(metadata.statusCode).toBe(200)
    expect(metadata.headers['content-type']).toContain('application/samlmetadata+xml')
    expect(metadata.body).toContain(`entityID="${SP_ENTITY}"`)
    expect(metadata.body).toContain(`Location="${ACS}"`)
    const none = await app.inject({
      url: '/api/oauth/sso/saml/metadata',
      headers: { host: 'localhost:8080' },
    })
    expect(none.statusCode).toBe(404)
  })
})
