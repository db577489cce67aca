/**
 * The seeded domains of tenant 1 (/hiam/domain-config), read and saved through the API as an administrator
 * would: the domain tests (single sign-on, sign-in page, home page) change one domain's settings and put them back.
 */
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { injectAs } from '../../../server/testing.ts'

/** A domain as the API answers it: its id and host, and its other fields as they are. */
export type DomainRow = { domainId: number; domainUrl: string } & Record<string, unknown>

/** The domain whose domainUrl is `host`, as the list answers it (secrets read back as ******). */
export async function domainOn(app: FastifyInstance, token: string, host: string): Promise<DomainRow> {
  const domains = (await injectAs(app, token, 'GET', '/api/iam/v1/1/domains?size=10')).json().content
  const domain = (domains as DomainRow[]).find((d) => d.domainUrl === host)
  expect(domain, `no domain on ${host}`).toBeDefined()
  return domain!
}

/** Saves `fields` over the domain on `host` at its current version, so one change can follow another. */
export async function updateDomainOn(
  app: FastifyInstance,
  token: string,
  host: string,
  fields: Record<string, unknown>,
): Promise<DomainRow> {
  const saved = await injectAs(app, token, 'PUT', '/api/iam/v1/1/domains', {
    ...(await domainOn(app, token, host)),
    ...fields,
  })
  expect(saved.statusCode, saved.body).toBe(200)
  return saved.json()
}
