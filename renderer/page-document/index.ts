/**
 * The page designer's document model, pure (no React, no UI kit): parse a page file keeping its layout, edit
 * it, undo and redo, print it back as prettier would, and diff it. widgets/page-designer imports this entry.
 */
export { parseJsonTree, toJsonTree, fromJsonTree, nodeAt, type JsonTree, type JsonEntry } from './json-tree'
export { printJsonTree, textWidth } from './print-json'
export {
  applyPageEdit,
  PageEditError,
  LANGUAGES,
  type Language,
  type PageEdit,
  type EditContext,
} from './page-edits'
export {
  openPageDocument,
  currentText,
  editPageDocument,
  undoPageDocument,
  redoPageDocument,
  canUndo,
  canRedo,
  isDirty,
  markSaved,
  type PageDocument,
} from './page-document'
export { lineDiff, changedLines, type DiffLine } from './line-diff'
export { fieldSpec } from './field-from-model'
export type { ModelSchema, ModelField } from '../schema/model'
