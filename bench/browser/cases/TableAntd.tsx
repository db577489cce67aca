import { Table, type TableColumnsType } from 'antd'
import { useEffect } from 'react'
import { COLUMNS, rows, statusMeaning, typeMeaning, type BenchRow } from '../fixtures'
import { publish, scrollFrames, whenPainted } from '../measure'
import { tableBodyHeight } from '../../../widgets/data-table/use-table-height'
import { SchemaProviders } from './Providers'

const data = rows(10000)
const columns: TableColumnsType<BenchRow> = COLUMNS.map((field) => ({
  key: field,
  dataIndex: field,
  title: field,
  width: 140,
  render: (value: string | number) =>
    field === 'type'
      ? typeMeaning.get(String(value))
      : field === 'status'
        ? statusMeaning.get(String(value))
        : value,
}))

/**
 * Measure 3, baseline: antd's Table with `virtual` and the same 10,000 rows, drawn as the DataTable draws them
 * (size middle, a body as high as the DataTable's at the top of the window), so both draw the same rows a frame.
 * In the same app providers as the DataTable (as measure 1's hand-written page is): a table written by hand in
 * this app renders inside them too, so the ratio is the DataTable's own cost, its own chunks included.
 */
export default function TableAntd() {
  useEffect(
    () =>
      whenPainted('.ant-table-tbody-virtual .ant-table-row, .ant-table-tbody tr.ant-table-row', 10, (ms) => {
        publish({ painted: ms })
        const scroller = document.querySelector('.ant-table-tbody-virtual-holder')
        if (scroller) void scrollFrames(scroller, 120, 120)
        else publish({ frames: 'no scroll container' })
      }),
    [],
  )
  return (
    <SchemaProviders data={data}>
      <Table
        virtual
        rowKey="id"
        columns={columns}
        dataSource={data}
        pagination={false}
        size="middle"
        scroll={{ x: 12 * 140, y: tableBodyHeight(0, window.innerHeight) }}
      />
    </SchemaProviders>
  )
}
