import { useEffect } from 'react'
import { SchemaPage } from '../../../renderer/index'
import { listPage, rows } from '../fixtures'
import { publish, whenPainted } from '../measure'
import { SchemaProviders } from './Providers'

const data = rows(500)
const page = listPage()

/** Measure 1, schema side: the list page rendered from its schema until its 50th row is painted. */
export default function ListSchema() {
  useEffect(() => whenPainted('.ant-table-tbody tr.ant-table-row', 50, (ms) => publish({ painted: ms })), [])
  return (
    <SchemaProviders data={data}>
      <SchemaPage page={page} file="bench/list.page.json" params={{}} />
    </SchemaProviders>
  )
}
