/**
 * Catches a page that throws or a code chunk that fails to load (CORE-ERR-03/05): shows what failed and a
 * reload action instead of a blank screen; the menu and header keep working. Drawn from components the shell
 * already loads (not antd's Result, whose status illustrations would add ~10 KB gzip to every sign-in).
 */
import { CloseCircleFilled } from '@ant-design/icons'
import { Button, Flex, Typography } from 'antd'
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
      <Flex
        vertical
        align="center"
        gap={12}
        role="alert"
        data-error-panel="route"
        style={{ padding: '48px 32px', textAlign: 'center' }}
      >
        <Typography.Text type="danger" style={{ fontSize: 72, lineHeight: 1 }}>
          <CloseCircleFilled />
        </Typography.Text>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {this.props.title}
        </Typography.Title>
        <Typography.Text type="secondary">{error.message}</Typography.Text>
        <Button type="primary" onClick={() => window.location.reload()}>
          {this.props.reloadLabel}
        </Button>
      </Flex>
    )
  }
}
