import type { Meta, StoryObj } from '@storybook/react-vite'
import { FieldHarness } from '../../stories/support/FieldHarness'

const html = { title: 'Content', 'x-component': 'DocumentEditor', 'x-component-props': { format: 'html' } }
const text = { title: 'Content', 'x-component': 'DocumentEditor', 'x-component-props': { format: 'text' } }

const meta = {
  title: 'Fields/DocumentEditor',
  component: FieldHarness,
  args: { field: html },
} satisfies Meta<typeof FieldHarness>
export default meta
type Story = StoryObj<typeof meta>

/** An HTML document: the rich-text editor with its toolbar. */
export const Html: Story = {
  args: {
    initialValue:
      '<h2>Dock rules</h2><p><b>Trucks</b> over 9.6 m use dock 3.</p><ul><li>Book 24 h ahead</li></ul>',
  },
}
export const HtmlEmpty: Story = {}
/** A Word .docx converted by the server: the same editor, with a warning of what saving keeps and loses. */
export const Docx: Story = {
  args: {
    field: {
      title: 'Content',
      'x-component': 'DocumentEditor',
      'x-component-props': {
        format: 'docx',
        dropped: ['fonts, colours, sizes, alignment, page layout, headers, footers and comments', '2 images'],
      },
    },
    initialValue: '<h1>Dock rules</h1><p><strong>Trucks</strong> use dock 3.</p>',
  },
}
/** Any other editable type (txt, md, csv, json, xml): plain text. */
export const PlainText: Story = { args: { field: text, initialValue: 'version 1\nsecond line' } }
export const ReadPretty: Story = { args: { initialValue: 'version 1', readPretty: true } }
