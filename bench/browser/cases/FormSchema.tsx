import { useEffect } from 'react'
import { SchemaPage } from '../../../renderer/index'
import { formPage, rows } from '../fixtures'
import { markTarget, publish, whenPainted } from '../measure'
import { SchemaProviders } from './Providers'

const page = formPage()

/** Measure 2, schema side: a create form of 300 fields from its schema; keystrokes in the 150th field. */
export default function FormSchema() {
  useEffect(
    () =>
      whenPainted('.ant-formily-item', 300, (ms) => {
        publish({ painted: ms })
        markTarget('.ant-formily-item input.ant-input', 150)
      }),
    [],
  )
  return (
    <SchemaProviders data={rows(1)}>
      {/* as the app shows a page file the server checked: with its verdict (none: tests/unit/bench-pages.test.ts) */}
      <SchemaPage page={page} file="bench/form.page.json" params={{}} verdict={[]} />
    </SchemaProviders>
  )
}
