/**
 * Catches a page that throws or a code chunk that fails to load (CORE-ERR-03/05): shows what failed and a
 * reload action instead of a blank screen; the menu and header keep working.
 */
import { Button, Result } from 'antd'
import { Component, type ReactNode } from 'react'

export interface PageErrorBoundaryProps {
  /** Changing it (e.g. the path) clears a shown error. */
  resetKey: string
  title: string
  reloadLabel: string
  children: ReactNode
}

interface State {
  error?: Error
  resetKey: string
}

export class PageErrorBoundary extends Component<PageErrorBoundaryProps, State> {
  override state: State = { resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error }
  }

  static getDerivedStateFromProps(props: PageErrorBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { resetKey: props.resetKey, error: undefined } : null
  }

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <Result
        status="error"
        title={this.props.title}
        subTitle={error.message}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {this.props.reloadLabel}
          </Button>
        }
      />
    )
  }
}
