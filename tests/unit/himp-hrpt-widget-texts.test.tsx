/** The import, label and template widgets speak from the shared bundles (himp / hrpt.texts.json), not own tables. */
import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import preview from '../../.storybook/preview'
import * as importStories from '../../widgets/import-runner/ImportRunner.stories'
import * as labelStories from '../../widgets/label-designer/LabelDesigner.stories'
import * as templateStories from '../../widgets/template-editor/TemplateEditor.stories'

const Import = composeStories(importStories, preview)
const Label = composeStories(labelStories, preview)
const Template = composeStories(templateStories, preview)

describe('widget words from the shared bundles', () => {
  it('import runner: buttons, batch status and row states', async () => {
    render(<Import.CheckedRows />)
    expect(await screen.findByRole('button', { name: 'Import valid rows' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download template' })).toBeInTheDocument()
    expect(await screen.findAllByText('Valid')).not.toHaveLength(0)
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0)
    expect(screen.getByText('Validated')).toBeInTheDocument()
  })

  it('label designer and print', async () => {
    render(<Label.Designer />)
    expect(await screen.findByRole('button', { name: 'Add barcode' })).toBeInTheDocument()
    render(<Label.Print />)
    expect(await screen.findByRole('button', { name: 'Load data' })).toBeInTheDocument()
  })

  it('template editor', async () => {
    render(<Template.Editor />)
    expect(await screen.findByText('Preview (first 3 rows)')).toBeInTheDocument()
    expect(screen.getByText(/Each \$\{column\} in the text is replaced/)).toBeInTheDocument()
  })
})
