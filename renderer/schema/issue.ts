/**
 * A problem found in a schema file, with everything a person needs to fix it: where (file, line, column, JSON
 * pointer), what (message) and how (suggestion).
 */
export interface SchemaIssue {
  file: string
  /** 1-based; 0 when unknown. */
  line: number
  /** 1-based; 0 when unknown. */
  column: number
  /** JSON pointer of the offending node, e.g. /table/columns/3/field ('' = the whole file). */
  pointer: string
  message: string
  suggestion?: string
  severity: 'error' | 'warning'
}

/** An issue before its position is known. */
export type IssueDraft = Omit<SchemaIssue, 'file' | 'line' | 'column' | 'severity'> & {
  severity?: SchemaIssue['severity']
}

/** `file:line:col /pointer: message (suggestion)`, the one-line form the CLI prints. */
export function formatIssue(issue: SchemaIssue): string {
  const where = issue.line ? `${issue.file}:${issue.line}:${issue.column}` : issue.file
  const suggestion = issue.suggestion ? ` (${issue.suggestion})` : ''
  return `${where} ${issue.pointer || '/'}: ${issue.message}${suggestion}`
}

/** Escapes one JSON pointer segment (RFC 6901). */
export const pointerSegment = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1')
