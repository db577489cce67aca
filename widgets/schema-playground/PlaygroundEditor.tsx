/**
 * The JSON editor of the playground: CodeMirror 6 with completion, hover and validation from
 * schemas/page.schema.json (codemirror-json-schema) plus the renderer's semantic checks as lint diagnostics.
 */
import { autocompletion, closeBrackets } from '@codemirror/autocomplete'
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { lintGutter, linter, type Diagnostic } from '@codemirror/lint'
import { EditorView, highlightActiveLine, lineNumbers } from '@codemirror/view'
import { jsonSchema } from 'codemirror-json-schema'
import { useEffect, useRef } from 'react'
import pageSchema from '../../schemas/page.schema.json'
import { inheritModel, type ModelFacts } from '../../renderer/index'
import { validatePage } from '../../renderer/validation'
import { withWidgetNames } from './widget-completion'

export interface PlaygroundEditorProps {
  /** Text loaded into the editor (replaces what is there when it changes). */
  initial: string
  file: string
  /** The facts of the page's models (served with a page loaded by route): the page is checked as it renders. */
  models?: Record<string, ModelFacts>
  widgetNames: readonly string[]
  onChange(text: string): void
  label: string
}

/** A light editor surface in either theme, with gutters and the active line in light greys. */
const EDITOR_SURFACE = EditorView.theme(
  {
    '&': { backgroundColor: '#ffffff', color: '#1f1f1f' },
    '.cm-gutters': { backgroundColor: '#f5f5f5', color: '#595959', borderRight: '1px solid #d9d9d9' },
    '.cm-activeLine': { backgroundColor: '#f0f5ff' },
    '.cm-activeLineGutter': { backgroundColor: '#e6edfb' },
    '.cm-cursor': { borderLeftColor: '#1f1f1f' },
  },
  { dark: false },
)

export function PlaygroundEditor({
  initial,
  file,
  models,
  widgetNames,
  onChange,
  label,
}: PlaygroundEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const changed = useRef(onChange)
  changed.current = onChange
  useEffect(() => {
    if (!host.current) return
    const semantic = linter((view) => {
      const text = view.state.doc.toString()
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        return [] // the JSON linter of codemirror-json-schema reports syntax errors
      }
      // Every stage at once: the checks of meaning too while the shape still has errors.
      const page = inheritModel(parsed, models ?? {})
      const checked = validatePage(page, { file, source: text, widgetNames, allStages: true })
      return checked.issues.map((issue): Diagnostic => {
        const line = view.state.doc.line(Math.min(Math.max(issue.line, 1), view.state.doc.lines))
        const from = Math.min(line.from + Math.max(issue.column - 1, 0), line.to)
        return {
          from,
          to: line.to,
          severity: issue.severity,
          message: `${issue.pointer || '/'}: ${issue.message}${issue.suggestion ? ` (${issue.suggestion})` : ''}`,
        }
      })
    })
    const view = new EditorView({
      doc: initial,
      parent: host.current,
      extensions: [
        // The parts of CodeMirror's basic setup that are installed (@codemirror/commands is not: no undo keymap).
        lineNumbers(),
        highlightActiveLine(),
        bracketMatching(),
        closeBrackets(),
        autocompletion(),
        lintGutter(),
        syntaxHighlighting(defaultHighlightStyle),
        // CodeMirror's default highlight colours are made for a light surface: the editor keeps one in the dark
        // theme too (its tokens on the dark page read below 4.5:1).
        EDITOR_SURFACE,
        // The generated file is plain draft-07 JSON Schema; its literal JSON type is narrower than JSONSchema7.
        jsonSchema(withWidgetNames(pageSchema, widgetNames) as unknown as Parameters<typeof jsonSchema>[0]),
        semantic,
        // tabindex: the editable content is the keyboard's way into the scrolled editor (axe: a scrollable region
        // needs a focusable element; a contenteditable without tabindex does not count as one)
        EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) changed.current(update.state.doc.toString())
        }),
      ],
    })
    return () => view.destroy()
  }, [initial, file, models, widgetNames, label])
  return (
    <div
      ref={host}
      style={{ border: '1px solid #d9d9d9', borderRadius: 6, height: '100%', overflow: 'auto' }}
    />
  )
}
