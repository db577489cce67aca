import { render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import type { RendererEnv } from '../env'
import { createRegistry } from '../registry/registry'
import { usePageContext } from './page-context'
import { RendererProvider } from './RendererProvider'
import { SchemaPage } from './SchemaPage'

const env = {
  user: { tenantId: 1, roleId: 1, roleLevel: 'organization', language: 'en_US' },
  t: (_key: string, fallback?: string) => fallback ?? '',
} as unknown as RendererEnv

function Title() {
  const { page, t } = usePageContext()
  return <h1>{t(page.title)}</h1>
}
function Broken(): never {
  throw new Error('cannot draw this')
}
const registry = createRegistry([
  { name: 'HelloPage', kind: 'page', component: Title },
  { name: 'BrokenPage', kind: 'page', component: Broken },
])
const custom = (widget: string) => ({
  kind: 'custom',
  route: '/hello',
  title: 'hello.title',
  description: 'A greeting',
  widget,
  texts: { 'hello.title': { zh_CN: '你好', en_US: 'Hello', zh_TW: '你好' } },
})
const show = (page: unknown, source?: string) =>
  render(
    <RendererProvider env={env} registry={registry}>
      <SchemaPage page={page} file="schemas/pages/demo/hello.page.json" params={{}} source={source} />
      <p>rest of the app</p>
    </RendererProvider>,
  )

test('a valid page renders with the page widget and its texts', () => {
  show(custom('HelloPage'))
  expect(screen.getByRole('heading', { name: 'Hello' })).toBeInTheDocument()
})

test('an invalid page shows file, line:column, pointer, message and suggestion; the rest keeps working', () => {
  const page = { ...custom('HelloPage'), titel: 'x' }
  const { container } = show(page, JSON.stringify(page, null, 2))
  const panel = within(container).getByRole('alert')
  expect(panel).toHaveTextContent('schemas/pages/demo/hello.page.json:14:3')
  expect(panel).toHaveTextContent("/titel: unknown property 'titel'")
  expect(panel).toHaveTextContent("did you mean 'title'?")
  expect(screen.getByText('rest of the app')).toBeInTheDocument()
})

test('an unknown page widget is named with the closest registered one', () => {
  const { container } = show(custom('HeloPage'))
  const panel = within(container).getByRole('alert')
  expect(panel).toHaveTextContent("/widget: unknown widget 'HeloPage'")
  expect(panel).toHaveTextContent("did you mean 'HelloPage'?")
})

test('a widget that throws is contained and the schema node is named', () => {
  const { container } = show(custom('BrokenPage'))
  expect(within(container).getByRole('alert')).toHaveTextContent(
    'schemas/pages/demo/hello.page.json /: cannot draw this',
  )
  expect(screen.getByText('rest of the app')).toBeInTheDocument()
})
