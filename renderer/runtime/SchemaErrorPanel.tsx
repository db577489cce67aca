import type { SchemaIssue } from '../schema/issue'

export interface SchemaErrorPanelProps {
  title: string
  issues: SchemaIssue[]
}

/** Lists what is wrong with a page file, where and how to fix it; the rest of the app keeps working. */
export function SchemaErrorPanel({ title, issues }: SchemaErrorPanelProps) {
  const errors = issues.filter((i) => i.severity === 'error')
  return (
    <section role="alert" data-error-panel="page" style={panel}>
      <h2 style={{ fontSize: 16, margin: '0 0 8px' }}>{title}</h2>
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {errors.map((issue, index) => (
          <li key={index} style={{ marginBottom: 6, fontFamily: 'ui-monospace, monospace', fontSize: 13 }}>
            <span>{issue.line ? `${issue.file}:${issue.line}:${issue.column}` : issue.file}</span>{' '}
            <code>{issue.pointer || '/'}</code>: <span>{issue.message}</span>
            {issue.suggestion ? (
              <em style={{ display: 'block', color: '#555' }}>{issue.suggestion}</em>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

const panel = {
  border: '1px solid #ffccc7',
  background: '#fff2f0',
  borderRadius: 6,
  padding: 16,
  margin: 16,
  color: '#1f1f1f',
} as const
