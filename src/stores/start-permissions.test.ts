import { describe, expect, it } from 'vitest'
import type { HttpClient } from '../http/http-client'
import type { HttpRequest } from '../../renderer/env'
import { COMPANY_CREATE_CODE, loadStartPermissions } from './start-permissions'

function http(answer: (codes: string[]) => unknown) {
  const sent: HttpRequest[] = []
  const client = {
    request: async (request: HttpRequest) => {
      sent.push(request)
      return answer(request.data as string[])
    },
  } as unknown as HttpClient
  return { client, sent }
}

describe('start-up permission check (PLAT-PERM-03)', () => {
  it('asks for the company-create code in one check on start', async () => {
    const { client, sent } = http((codes) => codes.map((code) => ({ code, approve: true })))
    expect(await loadStartPermissions(client)).toEqual({ [COMPANY_CREATE_CODE]: true })
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'POST',
        service: 'iam',
        path: '/hzero/v1/menus/check-permissions',
        data: ['hpfm.company.button.create'],
      }),
    ])
  })

  it('a denied code, or a failed check, leaves it not approved', async () => {
    const denied = http((codes) => codes.map((code) => ({ code, approve: false, controllerType: 'hidden' })))
    expect(await loadStartPermissions(denied.client)).toEqual({ [COMPANY_CREATE_CODE]: false })
    const failing = http(() => {
      throw new Error('iam down')
    })
    expect(await loadStartPermissions(failing.client)).toEqual({ [COMPANY_CREATE_CODE]: false })
  })
})
