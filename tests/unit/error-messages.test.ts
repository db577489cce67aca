/**
 * Every error message says what happened and what the user can do (issue 10). The server's messages are read
 * from its source: each call of the errors.ts helpers (badRequest, unauthorized, forbidden, notFound, conflict,
 * new AppError) whose message is written there — a string, a template, each branch of a `?:`, each part of a
 * `+` — must give advice: an imperative ("reload the list", "ask an administrator", "sign in again", "pick
 * another code") at the start of a clause. A wrapper (fewer than four words of its own around the message it
 * carries, e.g. "Invalid request body: ${fields}.") is judged where the carried message is written.
 * The client's own error texts (renderer/i18n/*.texts.json and the shell's src/locales: keys of messages and
 * errors) follow the same rule.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/** What a user is asked to do, as the message's imperative verb. */
const VERBS = [
  'add',
  'allocate',
  'approve',
  'ask',
  'assign',
  'call',
  'cancel',
  'change',
  'check',
  'choose',
  'close',
  'configure',
  'contact',
  'copy',
  'correct',
  'create',
  'delete',
  'disable',
  'download',
  'edit',
  'enable',
  'enter',
  'execute',
  'fill',
  'finish',
  'fix',
  'free',
  'give',
  'grant',
  'import',
  'intercept',
  'keep',
  'leave',
  'list',
  'load',
  'lower',
  'make',
  'mark',
  'move',
  'name',
  'open',
  'pack',
  'pick',
  'post',
  'print',
  'publish',
  'put',
  'raise',
  'receive',
  'register',
  'release',
  'reload',
  'remove',
  'rename',
  'replace',
  'restart',
  'retry',
  'return',
  'run',
  'save',
  'scan',
  'seed',
  'select',
  'send',
  'set',
  'ship',
  'shorten',
  'sign in',
  'sign out',
  'sort',
  'split',
  'start',
  'submit',
  'swap',
  'switch',
  'try',
  'turn',
  'type',
  'update',
  'upload',
  'use',
  'wait',
  'write',
].join('|')
/** An imperative where a clause starts: after ": ", ". ", "; ", "(", "—", ",", "or", "and", "then", "please", "first". */
const ADVICE = new RegExp(`(?:[:.;—,]\\s|\\(|\\b(?:or|and|then|please|first)\\s)(?:${VERBS})\\b`, 'i')
/** Verbs that are no noun of this app, so a message may start with them ("Choose the level …"). */
const OPENING =
  /^(?:send|write|choose|enter|give|pick|use|ask|try|add|remove|fix|sign in|switch|select|split|wait|reload)\b/i
/** A verb that is also a noun ("Import 3 …", "Name …") opens a message as an imperative before an article. */
const OPENING_WITH_ARTICLE = new RegExp(
  `^(?:${VERBS})\\s+(?:the|a|an|at least|one|your|it|them|this|that)\\b`,
  'i',
)

export function givesAdvice(message: string): boolean {
  return ADVICE.test(message) || OPENING.test(message) || OPENING_WITH_ARTICLE.test(message)
}
/** Carries another message, judged where that is written: fewer than four words of its own around the `{}`. */
export function isWrapper(message: string): boolean {
  return (
    message.includes('{}') &&
    message
      .replace(/\{\}/g, ' ')
      .split(/[^\p{L}]+/u)
      .filter(Boolean).length < 4
  )
}
/** A client text that ends with the reason it was given ("Could not load the columns: {message}"). */
const endsWithReason = (message: string) => /:\s*\{\}\.?$/.test(message)

const HELPERS: Record<string, number> = {
  badRequest: 0,
  unauthorized: 0,
  forbidden: 0,
  notFound: 0,
  conflict: 1,
  AppError: 2,
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : []
  })
}

/** The texts an expression can be, `{}` for what is interpolated; none when it is not written here. */
function textsOf(node: ts.Expression): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text]
  if (ts.isTemplateExpression(node))
    return [node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('')]
  if (ts.isParenthesizedExpression(node)) return textsOf(node.expression)
  if (ts.isConditionalExpression(node)) return [...textsOf(node.whenTrue), ...textsOf(node.whenFalse)]
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = textsOf(node.left)
    const right = textsOf(node.right)
    if (!left.length && !right.length) return []
    return (left.length ? left : ['{}']).flatMap((l) => (right.length ? right : ['{}']).map((r) => l + r))
  }
  return []
}

interface Written {
  where: string
  message: string
}

function serverMessages(): Written[] {
  const found: Written[] = []
  for (const file of sourceFiles('server')) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node) => {
      if (
        (ts.isCallExpression(node) || ts.isNewExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text in HELPERS
      ) {
        const argument = node.arguments?.[HELPERS[node.expression.text]!]
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1
        for (const message of argument ? textsOf(argument) : [])
          found.push({ where: `${file}:${line}`, message })
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}

/**
 * Texts whose wording the spec fixes (requirements.md): they name the allowed types or the limit, which is what
 * the user needs. Kept to exactly these keys and words, so a changed text is judged again.
 */
const SPEC_WORDING: Record<string, string> = {
  'fields.upload.typeError': 'Uploaded file type must be: {fileType}', // CORE-UPL-02
  'fields.upload.sizeError': 'Uploaded file size cannot exceed: {size} MB', // CORE-UPL-03
}

/** The client's error texts: i18n keys naming an error, a failure or a refusal. */
function clientMessages(): Written[] {
  const found: Written[] = []
  const dir = 'renderer/i18n'
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.texts.json'))) {
    const texts = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, Record<string, string>>
    for (const [key, languages] of Object.entries(texts)) {
      if (!/(error|fail|invalid|refused|denied|unreachable|missing|notFound|forbidden)/i.test(key)) continue
      if (SPEC_WORDING[key] === languages.en_US) continue
      // `{message}`, `{errors}`: a message it carries (the server's, the parser's); other placeholders are values.
      // A label of one or two words ("Errors", "Failed") is no message.
      const message = languages.en_US
        ?.replace(/\{(?:message|errors|error|reason)\}/g, '{}')
        .replace(/\{\w+\}/g, 'X')
      if (message && message.split(/\s+/).length > 2) found.push({ where: `${dir}/${name} ${key}`, message })
    }
  }
  // The shell's own texts (src/locales): one flat file per language. A title is read with its description.
  const shell = JSON.parse(readFileSync('src/locales/en_US.json', 'utf8')) as Record<string, string>
  for (const [key, text] of Object.entries(shell)) {
    if (!/(error|fail|invalid|refused|denied|unreachable|missing|notFound|forbidden|timeout)/i.test(key))
      continue
    if (key.endsWith('.desc') && shell[key.replace(/\.desc$/, '.title')] !== undefined) continue
    const described = key.endsWith('.title') ? shell[key.replace(/\.title$/, '.desc')] : undefined
    const message = (described ? `${text}. ${described}` : text)
      .replace(/\{(?:message|errors|error|reason)\}/g, '{}')
      .replace(/\{\w+\}/g, 'X')
    if (message.split(/\s+/).length > 2) found.push({ where: `src/locales/en_US.json ${key}`, message })
  }
  return found
}

describe('error messages say what to do', () => {
  it('the rule tells advice from a bare statement', () => {
    for (const bad of [
      'Menu 3 does not exist.',
      'A role cannot be its own parent role.',
      'Import 4 does not exist in this tenant.',
      'Count 7 is POSTED: counted quantities are entered only while it is COUNTING.',
      'Name is too long.',
    ])
      expect(givesAdvice(bad), bad).toBe(false)
    for (const good of [
      'Menu 3 does not exist: reload the list.',
      'Choose the level and enter the value.',
      'No permission (a.b.c), contact the system administrator.',
      'Not a waybill number: x. Use letters, digits and dashes.',
      'The file is too large: split it into smaller files.',
      'Name the receivers: userIds or receiverTypeCode.',
    ])
      expect(givesAdvice(good), good).toBe(true)
    expect(isWrapper('Invalid request body: {}.')).toBe(true)
    expect(endsWithReason('Could not load the columns to export: {}')).toBe(true)
    expect(endsWithReason('Uploaded file type must be: X')).toBe(false)
    expect(isWrapper('Menu {} does not exist.')).toBe(false)
    expect(isWrapper('Menu {}: {} is not a number.')).toBe(false)
  })

  it('finds the server messages it judges', () => {
    const messages = serverMessages()
    // The helpers are called all over server/: a scan that finds few has stopped reading them.
    expect(messages.length).toBeGreaterThan(300)
    expect(messages.some((m) => m.message.startsWith('No row is valid: fix the rows with errors'))).toBe(true)
  })

  it('every message the server writes gives advice', () => {
    const silent = serverMessages().filter((m) => !isWrapper(m.message) && !givesAdvice(m.message))
    expect(silent.map((m) => `${m.where}  ${m.message}`)).toEqual([])
  })

  it('the texts the spec words are still there, as worded', () => {
    const texts = JSON.parse(readFileSync('renderer/i18n/fields.texts.json', 'utf8')) as Record<
      string,
      Record<string, string>
    >
    for (const [key, wording] of Object.entries(SPEC_WORDING)) expect(texts[key]?.en_US, key).toBe(wording)
  })

  it("every error text of the client's own gives advice", () => {
    const messages = clientMessages()
    expect(messages.length).toBeGreaterThan(10)
    expect(messages.some((m) => m.where.startsWith('src/locales/'))).toBe(true)
    const silent = messages.filter((m) => !endsWithReason(m.message) && !givesAdvice(m.message))
    expect(silent.map((m) => `${m.where}  ${m.message}`)).toEqual([])
  })
})
