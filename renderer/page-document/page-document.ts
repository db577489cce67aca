/**
 * A page file being designed: the text as loaded, the text after each edit, and where undo/redo stand. Plain
 * immutable values (each function answers a new document), so React state, tests and stories hold it as is.
 *
 * @example
 *   let doc = openPageDocument('schemas/pages/wmdm/warehouse.page.json', text)
 *   doc = editPageDocument(doc, { op: 'move', list: '/table/columns', from: 1, to: 0 }, { model })
 *   doc = undoPageDocument(doc) // back to the loaded text
 */
import { applyPageEdit, type EditContext, type PageEdit } from './page-edits'

export interface PageDocument {
  file: string
  /** The text as loaded (what a save replaces). */
  original: string
  /** original, then the text after each edit; `at` is the one shown. */
  versions: readonly string[]
  at: number
}

export const openPageDocument = (file: string, text: string): PageDocument => ({
  file,
  original: text,
  versions: [text],
  at: 0,
})

export const currentText = (doc: PageDocument): string => doc.versions[doc.at]!

/** The document after `edit` (redo is dropped); throws PageEditError when the edit does not fit. */
export function editPageDocument(doc: PageDocument, edit: PageEdit, context: EditContext = {}): PageDocument {
  const next = applyPageEdit(currentText(doc), edit, context)
  if (next === currentText(doc)) return doc
  return { ...doc, versions: [...doc.versions.slice(0, doc.at + 1), next], at: doc.at + 1 }
}

export const canUndo = (doc: PageDocument) => doc.at > 0
export const canRedo = (doc: PageDocument) => doc.at < doc.versions.length - 1
export const undoPageDocument = (doc: PageDocument): PageDocument =>
  canUndo(doc) ? { ...doc, at: doc.at - 1 } : doc
export const redoPageDocument = (doc: PageDocument): PageDocument =>
  canRedo(doc) ? { ...doc, at: doc.at + 1 } : doc
export const isDirty = (doc: PageDocument) => currentText(doc) !== doc.original

/** After a save: the saved text is the new original; undo stays possible. */
export const markSaved = (doc: PageDocument): PageDocument => ({ ...doc, original: currentText(doc) })
