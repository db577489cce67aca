import { Alert } from 'antd'
import { formatIssue } from '../../renderer/index'
import type { ServerCheck } from './use-server-check'

export interface PlaygroundIssuesProps {
  check: ServerCheck
  title: string
  clean: string
}

/** Every problem the server's check found, errors first, each as `file:line:col /pointer: message (fix)`. */
export function PlaygroundIssues({ check, title, clean }: PlaygroundIssuesProps) {
  if (!check) return null
  if ('failed' in check) return <Alert type="warning" showIcon message={check.failed} />
  if (!check.issues.length) return <Alert type="success" showIcon message={clean} />
  const ordered = [...check.issues].sort((a, b) =>
    a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1,
  )
  return (
    <section aria-label={title} data-testid="playground-checks">
      <h3 style={{ fontSize: 14, margin: '0 0 6px' }}>{title}</h3>
      <ul style={{ margin: 0, paddingLeft: 20, fontFamily: 'ui-monospace, monospace', fontSize: 13 }}>
        {ordered.map((issue, index) => (
          <li key={index} style={{ color: issue.severity === 'error' ? '#a8071a' : '#ad6800' }}>
            {issue.severity}: {formatIssue(issue)}
          </li>
        ))}
      </ul>
    </section>
  )
}
