import { Fragment, type ReactNode } from 'react'

/**
 * A translated sentence with inputs in it: `{name}` placeholders left in `template` are replaced by
 * `parts[name]`, so each language keeps its own word order ("从 {start} 开始" / "starting at {start}").
 */
export function Sentence({ template, parts }: { template: string; parts: Record<string, ReactNode> }) {
  const pieces = template.split(/\{(\w+)\}/)
  return (
    <span className="wms-cron-sentence">
      {pieces.map((piece, index) => (
        <Fragment key={index}>{index % 2 === 1 ? (parts[piece] ?? `{${piece}}`) : piece}</Fragment>
      ))}
    </span>
  )
}
