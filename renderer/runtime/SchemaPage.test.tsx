import { render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import type { RendererEnv } from '../env'
import { createRegistry } from '../registry/registry'
import { usePageContext } from './page-context'
import { RendererProvider } from './RendererProvider'
import { SchemaPage } from './SchemaPage'
import type { SchemaIssue } from '../schema/issue'

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

test('a valid page renders with the page widget and its texts', async () => {
  show(custom('HelloPage'))
  expect(await screen.findByRole('heading', { name: 'Hello' })).toBeInTheDocument()
})

test('an invalid page shows file, line:column, pointer, message and suggestion; the rest keeps working', async () => {
  const page = { ...custom('HelloPage'), titel: 'x' }
  const { container } = show(page, JSON.stringify(page, null, 2))
  const panel = await within(container).findByRole('alert')
  expect(panel).toHaveTextContent('schemas/pages/demo/hello.page.json:14:3')
  expect(panel).toHaveTextContent("/titel: unknown property 'titel'")
  expect(panel).toHaveTextContent("did you mean 'title'?")
  expect(screen.getByText('rest of the app')).toBeInTheDocument()
})

test('an unknown page widget is named with the closest registered one', async () => {
  const { container } = show(custom('HeloPage'))
  const panel = await within(container).findByRole('alert')
  expect(panel).toHaveTextContent("/widget: unknown widget 'HeloPage'")
  expect(panel).toHaveTextContent("did you mean 'HelloPage'?")
})

test('a widget that throws is contained and the schema node is named', async () => {
  const { container } = show(custom('BrokenPage'))
  expect(await within(container).findByRole('alert')).toHaveTextContent(
    'schemas/pages/demo/hello.page.json /: cannot draw this',
  )
  expect(screen.getByText('rest of the app')).toBeInTheDocument()
})

const withVerdict = (page: unknown, verdict: SchemaIssue[], widgets = registry) =>
  render(
    <RendererProvider env={env} registry={widgets}>
      <SchemaPage
        page={page}
        file="schemas/pages/demo/hello.page.json"
        params={{}}
        verdict={verdict}
        fallback="loading…"
      />
    </RendererProvider>,
  )

test("with the server's verdict the page is not checked again: its errors show the panel, none shows the page", async () => {
  const issue: SchemaIssue = {
    file: 'schemas/pages/demo/hello.page.json',
    line: 3,
    column: 5,
    severity: 'error',
    pointer: '/dataSource/model',
    message: "no model 'wms/nope'",
    suggestion: "did you mean 'wms/note'?",
  }
  const { container, unmount } = withVerdict(custom('HelloPage'), [issue])
  const panel = within(container).getByRole('alert')
  expect(panel).toHaveTextContent('schemas/pages/demo/hello.page.json:3:5')
  expect(panel).toHaveTextContent("/dataSource/model: no model 'wms/nope'")
  unmount()
  // rendered at once: no validators to fetch for a page the server found good
  withVerdict(custom('HelloPage'), [])
  expect(screen.getByRole('heading', { name: 'Hello' })).toBeInTheDocument()
})

test('the widgets a page names are loaded, all at once, before it renders; a failed load says to reload', async () => {
  let fail = true
  const requested: string[] = []
  const lazy = createRegistry([
    {
      name: 'HelloPage',
      kind: 'page',
      load: async () => (requested.push('HelloPage'), { name: 'HelloPage', kind: 'page', component: Title }),
    },
    {
      name: 'Fancy',
      kind: 'field',
      load: async () => {
        requested.push('Fancy')
        if (fail) throw new Error('chunk fancy failed')
        return { name: 'Fancy', kind: 'field', component: () => null }
      },
    },
  ])
  const page = { ...custom('HelloPage'), note: { widget: 'Fancy' } }
  const first = withVerdict(page, [], lazy)
  expect(screen.getByText('loading…')).toBeInTheDocument()
  expect(requested.sort()).toEqual(['Fancy', 'HelloPage'])
  expect(await within(first.container).findByRole('alert')).toHaveTextContent(
    "the page's widgets could not be loaded (chunk fancy failed): reload the page",
  )
  first.unmount()
  fail = false
  withVerdict(page, [], lazy)
  expect(await screen.findByRole('heading', { name: 'Hello' })).toBeInTheDocument()
})
