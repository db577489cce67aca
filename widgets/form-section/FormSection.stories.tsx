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
