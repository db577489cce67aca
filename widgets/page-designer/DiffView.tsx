import { Typography } from 'antd'
import { useMemo } from 'react'
import { usePageContext } from '../../renderer/index'
import { lineDiff, type DiffLine } from '../../renderer/page-document/index'

export interface DiffViewProps {
  file: string
  before: string
  after: string
  /** Unchanged lines kept around each change (default 3, as `git diff`). */
  context?: number
}

const COLORS: Record<DiffLine['kind'], string | undefined> = {
  added: 'rgba(82, 196, 26, 0.15)',
  removed: 'rgba(255, 77, 79, 0.15)',
  same: undefined,
}

/** The change to the file as version control will show it: removed and added lines with some context. */
export function DiffView({ file, before, after, context = 3 }: DiffViewProps) {
  const { t } = usePageContext()
  const shown = useMemo(() => {
    const lines = lineDiff(before, after)
    const near = lines.map((line, i) =>
      lines.slice(Math.max(0, i - context), i + context + 1).some((l) => l.kind !== 'same'),
    )
    return lines.map((line, i) => (near[i] ? line : undefined))
  }, [before, after, context])
  const changed = shown.some((line) => line && line.kind !== 'same')
  return (
    <section aria-label={t('hpfm.designer.diffTitle', { file })}>
      <Typography.Text strong>{t('hpfm.designer.diffTitle', { file })}</Typography.Text>
      {changed ? (
        <pre
          data-testid="designer-diff"
          style={{ fontSize: 12, lineHeight: 1.5, overflow: 'auto', maxHeight: 480, margin: '8px 0 0' }}
        >
          {shown.map((line, i) =>
            line ? (
              <div key={i} data-kind={line.kind} style={{ background: COLORS[line.kind], whiteSpace: 'pre' }}>
                {line.kind === 'added' ? '+' : line.kind === 'removed' ? '-' : ' '}
                {line.text}
              </div>
            ) : shown[i - 1] ? (
              <div key={i} style={{ color: '#999' }}>
                …
              </div>
            ) : null,
          )}
        </pre>
      ) : (
        <Typography.Paragraph type="secondary">{t('hpfm.designer.noChanges')}</Typography.Paragraph>
      )}
    </section>
  )
}
