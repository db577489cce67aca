import type { Meta, StoryObj } from '@storybook/react-vite'
import { DatePretty, DatetimePretty, FlagPretty, LookupPretty, NumberPretty, TextPretty } from './read-pretty'

/**
 * widgets/shared registers no widget of its own: it holds what the field widgets share (hooks, text helpers,
 * the read-only renderings). These are the read-only renderings every field shows in a read-pretty form, side by
 * side, with the user's number precision, value-set meanings and date formats applied.
 */
function ReadPrettyGallery({ values }: { values: Record<string, unknown> }) {
  const rows: Array<[string, React.ReactNode]> = [
    ['Text', <TextPretty value={values.text} />],
    ['Number (precision 2)', <NumberPretty value={values.number} precision={2} />],
    ['Value set meaning', <LookupPretty value={values.lookup} lookupCode="WMDM.WAREHOUSE_TYPE" />],
    ['Yes/no flag', <FlagPretty value={values.flag} />],
    ['Date', <DatePretty value={values.date} />],
    ['Date and time', <DatetimePretty value={values.datetime} />],
  ]
  return (
    <dl aria-label="Read-only renderings">
      {rows.map(([label, shown]) => (
        <div key={label} style={{ display: 'flex', gap: 16 }}>
          <dt style={{ width: 180 }}>{label}</dt>
          <dd data-testid={label}>{shown}</dd>
        </div>
      ))}
    </dl>
  )
}

const meta = {
  title: 'Shared/ReadPretty',
  component: ReadPrettyGallery,
  args: {
    values: {
      text: 'Shanghai central warehouse',
      number: 1234.5,
      lookup: 'NORMAL',
      flag: 1,
      date: '2026-05-01',
      datetime: '2026-05-01 08:30:00',
    },
  },
} satisfies Meta<typeof ReadPrettyGallery>
export default meta
type Story = StoryObj<typeof meta>

export const Filled: Story = {}
/** Empty values show nothing, never "null" or "undefined". */
export const Empty: Story = {
  args: { values: { text: null, number: null, lookup: null, flag: null, date: null, datetime: null } },
}
