/**
 * Model files, checked by the server's own model checker (server/modules/models/check-model.ts: what the server
 * refuses at start, schemas:check reports, in the same words), and the shared text bundle's completeness.
 */
import type { IssueDraft, SchemaIssue } from '../../renderer/schema/issue'
import type { ModelSchema } from '../../renderer/schema/model'
import { SHARED_TEXT_FILES } from '../../renderer/i18n/shared-texts'
import {
  checkModel,
  checkModelClashes,
  type ModelReferences,
  type SemanticProblem,
} from '../../server/modules/models/check-model.ts'
import { readCodeRuleCodes, readLookupCodes, type JsonFile } from './schema-files'

const MODELS_DIR = 'schemas/models/'

/** The seed's value sets and code rules under `root`: what the server checks models against (seedReferences). */
export function readModelReferences(root: string): ModelReferences {
  return {
    lookupCodes: readLookupCodes(root, 'server/seed/data/lookups.json') ?? new Set(),
    codeRules: readCodeRuleCodes(root, 'server/seed/data/code-rules.json'),
  }
}

const draft = (problem: SemanticProblem): IssueDraft => ({
  pointer: problem.pointer,
  message: problem.message,
  suggestion: problem.fix,
})

/** One model (not yet a file: its name is not checked), as the server would check it. */
export function modelIssues(model: unknown, refs: ModelReferences): IssueDraft[] {
  return checkModel(model, refs).problems.map(draft)
}

/**
 * The parsed model files (paths `schemas/models/...`) as the server checks them at start: each file, then two
 * models on one table or resource. `models` holds every model whose schema passes, keyed `<service>/<name>`.
 */
export function checkModelFiles(
  files: readonly JsonFile[],
  refs: ModelReferences,
): { drafts: Map<JsonFile, IssueDraft[]>; models: Map<string, ModelSchema> } {
  const drafts = new Map<JsonFile, IssueDraft[]>()
  const models = new Map<string, ModelSchema>()
  const usable: Array<{ file: string; model: ModelSchema }> = []
  const byName = new Map<string, JsonFile>()
  for (const file of files) {
    const under = file.file.startsWith(MODELS_DIR) ? file.file.slice(MODELS_DIR.length) : file.file
    const { model, problems } = checkModel(file.data, refs, under)
    drafts.set(file, problems.map(draft))
    byName.set(file.file, file)
    if (!model) continue
    models.set(under.replace(/\.model\.json$/, ''), model)
    usable.push({ file: file.file, model })
  }
  for (const { file, ...problem } of checkModelClashes(usable))
    drafts.get(byName.get(file)!)!.push(draft(problem))
  return { drafts, models }
}

/** Every key of the shared text bundles (renderer/i18n/shared-texts.ts) has zh_CN, en_US and zh_TW, once. */
export function commonTextIssues(): SchemaIssue[] {
  const seen = new Map<string, string>()
  return Object.entries(SHARED_TEXT_FILES).flatMap(([file, texts]) =>
    Object.entries(texts).flatMap(([key, value]) => {
      const issue = (message: string, suggestion: string): SchemaIssue => ({
        file,
        line: 0,
        column: 0,
        pointer: `/${key}`,
        severity: 'error',
        message,
        suggestion,
      })
      const earlier = seen.get(key)
      seen.set(key, file)
      return [
        ...(earlier ? [issue(`text '${key}' is also defined in ${earlier}`, 'keep one definition')] : []),
        ...(['zh_CN', 'en_US', 'zh_TW'] as const)
          .filter((language) => !value[language])
          .map((language) => issue(`text '${key}' has no ${language}`, `add "${language}"`)),
      ]
    }),
  )
}
