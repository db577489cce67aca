import { useEffect, useMemo } from 'react'
import {
  compileColumns,
  createTexts,
  PageContext,
  useRendererEnv,
  type ListPage,
} from '../../../renderer/index'
import { DataTable } from '../../../widgets/data-table/DataTable'
import { listPage, rows } from '../fixtures'
import { publish, scrollFrames, whenPainted } from '../measure'
import { SchemaProviders } from './Providers'

const data = rows(10000)
const page = listPage() as unknown as ListPage

function Table() {
  const env = useRendererEnv()
  const t = useMemo(() => createTexts(env, page.texts), [env])
  const columns = useMemo(() => compileColumns(page, t, env.user.language), [t, env])
  useEffect(
    () =>
      whenPainted('.ant-table-tbody-virtual .ant-table-row, .ant-table-tbody tr.ant-table-row', 10, (ms) => {
        publish({ painted: ms })
        const scroller = document.querySelector('.ant-table-tbody-virtual-holder, .ant-table-body')
        if (scroller) void scrollFrames(scroller, 120, 120)
        else publish({ frames: 'no scroll container' })
      }),
    [],
  )
  return (
    <PageContext.Provider value={{ page, file: 'bench', params: {}, t }}>
      <DataTable
        columns={columns}
        rows={data}
        total={data.length}
        page={0}
        size={data.length}
        sizeOptions={[data.length]}
        rowKey="id"
        rowActions={page.table.rowActions}
        onChange={() => undefined}
      />
    </PageContext.Provider>
  )
}

/** Measure 3, schema side: the platform's DataTable with 10,000 rows in one page; then 120 scrolled frames. */
export default function TableSchema() {
  return (
    <SchemaProviders data={data}>
      <div style={{ height: 700 }}>
        <Table />
      </div>
    </SchemaProviders>
  )
}
