import { LANGUAGES, type Language } from '../../../renderer/contract/wire.ts'

/** Texts of the server-rendered sign-in page in each language. */
export const loginTexts = {
  zh_CN: {
    title: '登录',
    heading: '仓储管理平台',
    username: '用户名',
    password: '密码',
    language: '语言',
    submit: '登录',
    missing: '请输入用户名和密码。',
    wrong: '用户名或密码错误。',
    attemptsLeft: '再错 {n} 次账号将被锁定 {lock} 分钟。',
    locked: '连续 {times} 次密码错误，账号已锁定 {lock} 分钟，请 {minutes} 分钟后再试。',
    disabled: '账号已停用，请联系系统管理员。',
    refused: '无法登录',
    weak: '密码不符合租户的密码策略，请联系管理员重置密码。',
  },
  en_US: {
    title: 'Sign in',
    heading: 'Warehouse management platform',
    username: 'User name',
    password: 'Password',
    language: 'Language',
    submit: 'Sign in',
    missing: 'Enter your user name and password.',
    wrong: 'Wrong user name or password.',
    attemptsLeft: '{n} more wrong password(s) lock the account for {lock} minutes.',
    locked:
      'The account is locked for {lock} minutes after {times} wrong passwords: try again in {minutes} minute(s).',
    disabled: 'The account is disabled: contact the system administrator.',
    refused: 'Cannot sign in',
    weak: "Your password does not meet the tenant's password policy: ask an administrator to reset it.",
  },
  zh_TW: {
    title: '登入',
    heading: '倉儲管理平台',
    username: '使用者名稱',
    password: '密碼',
    language: '語言',
    submit: '登入',
    missing: '請輸入使用者名稱和密碼。',
    wrong: '使用者名稱或密碼錯誤。',
    attemptsLeft: '再錯 {n} 次帳號將被鎖定 {lock} 分鐘。',
    locked: '連續 {times} 次密碼錯誤，帳號已鎖定 {lock} 分鐘，請 {minutes} 分鐘後再試。',
    disabled: '帳號已停用，請聯絡系統管理員。',
    refused: '無法登入',
    weak: '密碼不符合租戶的密碼策略，請聯絡管理員重設密碼。',
  },
} satisfies Record<Language, Record<string, string>>

export type LoginText = keyof (typeof loginTexts)['zh_CN']

export const languageNames: Record<Language, string> = {
  zh_CN: '简体中文',
  en_US: 'English',
  zh_TW: '繁體中文',
}

/** `lang` when it is a supported language, else the browser's Accept-Language, else zh_CN. */
export function pickLanguage(lang: unknown, acceptLanguage: string | undefined): Language {
  if (typeof lang === 'string' && (LANGUAGES as string[]).includes(lang)) return lang as Language
  const accepted = (acceptLanguage ?? '').toLowerCase()
  if (/^zh-(tw|hk|hant)/.test(accepted)) return 'zh_TW'
  if (accepted.startsWith('en')) return 'en_US'
  return 'zh_CN'
}

export function loginText(
  language: Language,
  key: LoginText,
  vars: Record<string, string | number> = {},
): string {
  return loginTexts[language][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''))
}
