import type { Meta, StoryObj } from '@storybook/react-vite'
import { Typography } from 'antd'
import { WIDGET_NAMES } from '../renderer/contract/widget-names'

const { Title, Paragraph, Text } = Typography

const code = (text: string) => (
  <pre style={{ background: '#f5f5f5', padding: 12, borderRadius: 6, overflowX: 'auto' }}>{text}</pre>
)

/** The first page of the catalogue: what the platform is, how a page file becomes a screen, how to add a widget. */
function Introduction() {
  return (
    <Typography style={{ maxWidth: 880 }}>
      <Title level={2}>WMS low-code back office: the widget catalogue</Title>
      <Paragraph>
        The back office (warehouses, inventory, logistics) runs on a low-code platform: most screens are not
        written in React but declared in page files,{' '}
        <Text code>schemas/pages/&lt;module&gt;/*.page.json</Text>, over models,{' '}
        <Text code>schemas/models/&lt;service&gt;/*.model.json</Text>. The reference server (Fastify) creates
        each model&apos;s table and REST endpoints; the browser renders each page from its file with the
        widgets listed here. This catalogue shows every widget in its states and languages, against fixtures
        of the real wire shapes answered through the real client code.
      </Paragraph>

      <Title level={3}>How a page file becomes a screen</Title>
      <ol>
        <li>
          The server reads <Text code>schemas/pages/**</Text> at start and serves each file by route (
          <Text code>GET /api/hpfm/v1/page-schemas/page?route=/wmdm/warehouse</Text>).
        </li>
        <li>
          The browser validates it against the page JSON Schema (a broken file shows its file, line, pointer
          and a suggestion instead of a screen) and picks the page widget of its <Text code>kind</Text>: list,
          form, master-detail, tabs, dashboard or custom.
        </li>
        <li>
          The page widget builds Formily fields from <Text code>fields</Text>, each rendered by the field
          widget its <Text code>widget</Text> names (Input, Select, Lov …); texts come from the file&apos;s{' '}
          <Text code>texts</Text> in the user&apos;s language; buttons ask the server which permission codes
          the role holds.
        </li>
        <li>
          Data goes through the model&apos;s endpoints (<Text code>dataSource</Text>): paging (page 0-based,
          size, sort), the error envelope, optimistic locking — the API reference is at{' '}
          <Text code>/api/docs</Text>.
        </li>
      </ol>
      <Paragraph>
        Start a page with <Text code>npm run new:page -- /wmdm/carrier --model</Text>, check it with{' '}
        <Text code>npm run schemas:check</Text>, and see whole pages under{' '}
        <Text strong>Pages/Page files</Text> (one story per kind — list, form, master-detail, tabs, dashboard,
        custom — each rendered from its file in <Text code>schemas/pages</Text>) and{' '}
        <Text strong>Screens</Text>. The toolbar switches the language (zh_CN, en_US, zh_TW) and the role
        (admin, clerk, jxs: the codes the seed role does not hold are denied), so a developer sees what the
        dealer sees, in the dealer&apos;s language.
      </Paragraph>

      <Title level={3}>Where the data comes from</Title>
      <Paragraph>
        Widgets call the server through the renderer&apos;s environment, and in the catalogue that is the
        app&apos;s own environment and HTTP client (<Text code>src/http</Text>: bearer token, request id, the
        error envelope turned into the message a user reads, the failure notification, file downloads). Only
        the network is replaced: an axios adapter answers from fixtures in the wire shapes (
        <Text code>stories/fixtures</Text>: pages of rows, error envelopes with their HTTP status, optimistic
        locking, value sets from the server&apos;s seed in the session&apos;s language). A story names its
        fixtures in <Text code>parameters.env</Text> (<Text code>stories/support/fake-env.ts</Text>); a
        fixture that throws an <Text code>ApiError</Text> answers that error&apos;s envelope. Every call is
        recorded as the widget made it and as it was sent, so a test can assert both. A request no fixture
        answers fails the story.
      </Paragraph>

      <Title level={3}>How to add a widget</Title>
      <ol>
        <li>
          A folder <Text code>widgets/&lt;kebab-name&gt;/</Text> with the component, its definition (
          <Text code>x.widget.ts</Text>: name, kind, component, read-only rendering, description), a story
          file and a test that renders the stories.
        </li>
        <li>
          Its pure definition in <Text code>renderer/contract/widget-definitions.ts</Text> (name, kind, what
          the renderer does with it), the TypeBox schema of the props a page may give it in{' '}
          <Text code>renderer/contract/widget-props.ts</Text> (the page check enforces it) and its loader in{' '}
          <Text code>widgets/index.ts</Text>; texts in <Text code>renderer/i18n/&lt;area&gt;.texts.json</Text>{' '}
          with all three languages.
        </li>
        <li>
          Stories cover its states: empty, loading, error, read-only, disabled, many rows, long texts, each
          language (
          <Text code>
            globals: {'{'} locale: &apos;zh_TW&apos; {'}'}
          </Text>{' '}
          on a story sets the toolbar). A registered widget without a story fails the unit suite (
          <Text code>tests/unit/stories-coverage.test.ts</Text>), and{' '}
          <Text code>tests/unit/all-stories.test.tsx</Text> renders every story: a crash, an error panel the
          story does not declare (
          <Text code>
            parameters: {'{'} errorPanel: true {'}'}
          </Text>
          ) or an unanswered request fails it. The widget&apos;s own test asserts what a user sees in each
          state and what is sent.
        </li>
      </ol>
      {code(`// renderer/contract/widget-definitions.ts and widget-props.ts: what pages, the server and the CLI know of it
{ name: 'Rate', kind: 'field' },
Rate: strict({
  count: T.Optional(T.Integer({ minimum: 1, maximum: 10, description: 'Stars (default 5).' })),
  allowHalf: T.Optional(T.Boolean()),
}),
// widgets/rate/rate.widget.ts: its code, loaded with the pages that name it
export const rateWidget: WidgetDefinition = {
  name: 'Rate',
  kind: 'field',
  component: Rate, // its props: WidgetProps<'Rate'> & Formily's
  readPretty: RatePretty,
  requiredMessage: 'select',
  description: 'A score in stars (a number); props count (default 5) and allowHalf.',
}`)}
      <Paragraph>
        Registered widgets ({WIDGET_NAMES.length}): {WIDGET_NAMES.join(', ')}.
      </Paragraph>
    </Typography>
  )
}

const meta = { title: 'Introduction', component: Introduction } satisfies Meta<typeof Introduction>
export default meta

export const Overview: StoryObj<typeof meta> = {}
