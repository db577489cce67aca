import { Component, type ErrorInfo, type ReactNode } from 'react'

export interface WidgetBoundaryProps {
  /** File and JSON pointer of the schema node the widget renders, for the message. */
  file: string
  pointer: string
  title: string
  children?: ReactNode
}

/** Keeps one failing widget from taking the page down, and says which schema node it was rendering. */
export class WidgetBoundary extends Component<WidgetBoundaryProps, { error?: Error }> {
  override state: { error?: Error } = {}

  static getDerivedStateFromError(error: Error) {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`${this.props.file} ${this.props.pointer || '/'}: ${error.message}`, info.componentStack)
  }

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <div
        role="alert"
        data-error-panel="widget"
        style={{ border: '1px solid #ffccc7', background: '#fff2f0', padding: 12, margin: 8 }}
      >
        <strong>{this.props.title}</strong>
        <div style={{ fontFamily: 'ui-monospace, monospace', fontSize: 13 }}>
          {this.props.file} <code>{this.props.pointer || '/'}</code>: {error.message}
        </div>
      </div>
    )
  }
}
