/** The personal centre's calls (server/modules/iam/routes-preferences.ts; DESIGN paths in HZERO's naming). */
import type { HttpClient } from '../../http/http-client'
import type { MenuLayout, PasswordPolicy } from '../../../renderer/contract/user-preferences'

export interface PersonalApi {
  saveProfile(profile: { realName: string; email?: string }): Promise<unknown>
  changePassword(originalPassword: string, password: string): Promise<unknown>
  saveFormats(formats: { dateFormat: string; timeFormat: string }): Promise<unknown>
  saveTimeZone(timeZone: string): Promise<unknown>
  saveMenuLayout(menuLayout: MenuLayout): Promise<unknown>
  /** The password policy of the user's tenant (optional: test fakes may leave it out). */
  passwordPolicy?(): Promise<PasswordPolicy>
}

export function createPersonalApi(http: HttpClient): PersonalApi {
  const put = (path: string, options: { data?: unknown; params?: Record<string, unknown> }) =>
    http.request({ method: 'PUT', service: 'iam', path: `/hzero/v1/users/${path}`, ...options })
  return {
    saveProfile: (data) => put('self', { data }),
    changePassword: (originalPassword, password) => put('password', { data: { originalPassword, password } }),
    saveFormats: (data) => put('self/date-formats', { data }),
    saveTimeZone: (timeZone) => put('time-zone', { params: { timeZone } }),
    saveMenuLayout: (menuLayout) => put('self/menu-layout', { params: { menuLayout } }),
    passwordPolicy: () =>
      http.request<PasswordPolicy>({
        method: 'GET',
        service: 'iam',
        path: '/hzero/v1/users/password-policy',
      }),
  }
}
