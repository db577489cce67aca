/**
 * The personal centre's choices, shared by the browser (what it offers) and the server (what it accepts):
 * date and time formats (CORE-I18N-06), time zones, the side menu style, and the password policy.
 * Pure data and functions, so both sides import the same rules.
 */

/** Date formats a user may pick (the first is the platform's fallback, X-13). */
export const DATE_FORMATS = ['YYYY-MM-DD', 'YYYY/MM/DD', 'YYYY.MM.DD', 'DD/MM/YYYY', 'MM/DD/YYYY'] as const
/** Time formats a user may pick; the date-time format is always `<date> <time>`. */
export const TIME_FORMATS = ['HH:mm:ss', 'HH:mm', 'hh:mm:ss A'] as const

/** `GMT+8`, `GMT-3:30`: the platform's time zone notation, offsets from -12 to +14. */
export function isTimeZone(value: string): boolean {
  const match = /^GMT([+-])(\d{1,2})(?::(\d{2}))?$/.exec(value)
  if (!match) return false
  const hours = Number(match[2])
  const minutes = Number(match[3] ?? 0)
  if (minutes !== 0 && minutes !== 30 && minutes !== 45) return false
  return match[1] === '+' ? hours <= 14 : hours <= 12
}

/** The zones offered in the personal centre: whole hours from GMT-12 to GMT+14. */
export const TIME_ZONES: string[] = Array.from({ length: 27 }, (_, i) => i - 12).map(
  (h) => `GMT${h < 0 ? '-' : '+'}${Math.abs(h)}`,
)

/** Side menu styles (PLAT-SHELL-02): the whole tree inline, or a module rail with a submenu panel. */
export const MENU_LAYOUTS = ['inline', 'mixed'] as const
export type MenuLayout = (typeof MENU_LAYOUTS)[number]

export interface PasswordPolicy {
  minLength: number
  maxLength: number
  digits: number
  lowercase: number
  uppercase: number
  specials: number
  /** The password may not contain the login name. */
  notLoginName: boolean
}

export const PASSWORD_POLICY: PasswordPolicy = {
  minLength: 8,
  maxLength: 30,
  digits: 1,
  lowercase: 1,
  uppercase: 1,
  specials: 1,
  notLoginName: true,
}

/** A broken rule, as a key the browser translates (with `count`) and an English text the server sends. */
export interface PasswordProblem {
  rule: 'minLength' | 'maxLength' | 'digits' | 'lowercase' | 'uppercase' | 'specials' | 'notLoginName'
  count: number
  message: string
}

/** Every rule of `policy` that `password` breaks; empty when it is acceptable. */
export function passwordProblems(
  password: string,
  loginName: string,
  policy: PasswordPolicy = PASSWORD_POLICY,
): PasswordProblem[] {
  const count = (pattern: RegExp) => (password.match(pattern) ?? []).length
  const problems: PasswordProblem[] = []
  const need = (rule: PasswordProblem['rule'], ok: boolean, n: number, message: string) => {
    if (!ok) problems.push({ rule, count: n, message })
  }
  need(
    'minLength',
    password.length >= policy.minLength,
    policy.minLength,
    `at least ${policy.minLength} characters`,
  )
  need(
    'maxLength',
    password.length <= policy.maxLength,
    policy.maxLength,
    `at most ${policy.maxLength} characters`,
  )
  need('digits', count(/[0-9]/g) >= policy.digits, policy.digits, `at least ${policy.digits} digit(s)`)
  need(
    'lowercase',
    count(/[a-z]/g) >= policy.lowercase,
    policy.lowercase,
    `at least ${policy.lowercase} lower-case letter(s)`,
  )
  need(
    'uppercase',
    count(/[A-Z]/g) >= policy.uppercase,
    policy.uppercase,
    `at least ${policy.uppercase} upper-case letter(s)`,
  )
  need(
    'specials',
    count(/[^A-Za-z0-9]/g) >= policy.specials,
    policy.specials,
    `at least ${policy.specials} special character(s) such as @ # $`,
  )
  need(
    'notLoginName',
    !policy.notLoginName || !loginName || !password.toLowerCase().includes(loginName.toLowerCase()),
    0,
    'not containing the login name',
  )
  return problems
}
