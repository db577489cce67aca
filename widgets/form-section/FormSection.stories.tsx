import type { Meta, StoryObj } from '@storybook/react-vite'
import { FormSection } from './FormSection'

const meta = { title: 'Parts/FormSection', component: FormSection } satisfies Meta<typeof FormSection>
export default meta
type Story = StoryObj<typeof meta>

export const TwoColumns: Story = {
  args: {
    title: 'Basic information',
    columns: 2,
    children: ['Code', 'Name', 'Type'].map((label) => <div key={label}>{label}</div>),
  },
}

/** Without a title: the fields only, no heading. */
export const WithoutTitle: Story = {
  args: { columns: 3, children: ['Code', 'Name', 'Type'].map((label) => <div key={label}>{label}</div>) },
}

/** Long texts in one column: a long title and long field texts wrap inside the section. */
export const LongTexts: Story = {
  args: {
    title: 'Customs and bonded-area information required for cross-border shipments from this warehouse',
    columns: 1,
    children: [
      'Customs registration number issued by the local customs office for the bonded area',
      'Name of the customs broker who files the declarations for this warehouse',
    ].map((label) => <div key={label}>{label}</div>),
  },
}
