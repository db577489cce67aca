/**
 * Text resolution: the user's translations (env.t: server prompts and app bundles) → the page's `texts` in the
 * user's language → the shared bundle → zh_CN of either (missing keys fall back to zh_CN) → the key itself.
 */
import type { Language } from '../contract/wire'
import type { RendererEnv } from '../env'
import type { PageTexts } from '../schema/page'
import { SHARED_TEXTS } from './shared-texts'
import { interpolate } from '../contract/placeholders'

export type TextResolver = (key: string, vars?: Record<string, string | number>) => string

const MISSING = '\u0000missing'
const common = SHARED_TEXTS

export { interpolate }

export function createTexts(env: Pick<RendererEnv, 't' | 'user'>, pageTexts: PageTexts = {}): TextResolver {
  const language: Language = env.user.language
  return (key, vars) => {
    const fromEnv = env.t(key, MISSING, vars)
    if (fromEnv !== MISSING && fromEnv !== key) return fromEnv
    const entry = pageTexts[key] ?? common[key]
    const text = entry?.[language] ?? entry?.zh_CN
    return interpolate(text ?? key, vars)
  }
}
