/**
 * Permission codes the shell itself checks once on start, with the session (PLAT-PERM-03): the old platform
 * asked for a company-create button code on start; here it is `hpfm.company.button.create`, the Create button
 * of the companies screen (/hpfm/hr/org), and the workplace offers "New company" to a role holding it. Pages
 * check their own codes in batches (renderer/access/permission-checker.ts); this is the shell's own.
 */
import type { PermissionResult } from '../../renderer/contract/wire'
import { normalisePermissionCode } from '../../renderer/contract/wire'
import type { HttpClient } from '../http/http-client'

export const COMPANY_CREATE_CODE = 'hpfm.company.button.create'
export const START_PERMISSION_CODES = [COMPANY_CREATE_CODE] as const

/** Code → approved, for START_PERMISSION_CODES; every code false when the check fails (the server decides). */
export async function loadStartPermissions(http: HttpClient): Promise<Record<string, boolean>> {
  const approved = Object.fromEntries(START_PERMISSION_CODES.map((code) => [code, false]))
  try {
    const answer = await http.request<PermissionResult[]>({
      method: 'POST',
      service: 'iam',
      path: '/hzero/v1/menus/check-permissions',
      data: [...START_PERMISSION_CODES],
      silent: true,
    })
    for (const result of Array.isArray(answer) ? answer : []) {
      const code = normalisePermissionCode(result.code)
      if (code in approved) approved[code] = result.approve === true
    }
  } catch {
    // The shell works without it: the shortcut just stays hidden.
  }
  return approved
}
