import { Button, DatePicker, Flex, Form, Input, Popconfirm, Select, Space, Table } from 'antd'
import type { TableColumnsType } from 'antd'
import { useEffect, useState } from 'react'
import { COLUMNS, rows, SEARCH_FIELDS, statusMeaning, typeMeaning, type BenchRow } from '../fixtures'
import { publish, whenPainted } from '../measure'
import { AntdProvider } from './AntdProvider'

const data = rows(500)
const title = (field: string) => field[0]?.toUpperCase() + field.slice(1)
const number = (digits: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
const options = (meanings: Map<string | undefined, string | undefined>) =>
  [...meanings].map(([value, label]) => ({ value, label }))

const columns: TableColumnsType<BenchRow> = [
  ...COLUMNS.map((field) => ({
    key: field,
    dataIndex: field,
    title: title(field),
    width: 140,
    render: (value: string | number) =>
      field === 'type'
        ? typeMeaning.get(String(value))
        : field === 'status'
          ? statusMeaning.get(String(value))
          : field === 'area'
            ? number(2).format(Number(value))
            : field === 'capacity'
              ? number(0).format(Number(value))
              : value,
  })),
  {
    key: 'actions',
    title: 'Actions',
    width: 140,
    fixed: 'right',
    render: () => (
      <Space>
        <Button type="link" size="small">
          Edit
        </Button>
        <Popconfirm title="Delete this record?">
          <Button type="link" size="small" danger>
            Delete
          </Button>
        </Popconfirm>
      </Space>
    ),
  },
]

/** Measure 1, baseline: the same page written by hand with antd (search form, toolbar, table of 50 rows). */
export default function ListHand() {
  return (
    <AntdProvider>
      <ListHandPage />
    </AntdProvider>
  )
}

/** The page itself, without providers (bench/app-case renders it in the app's). */
export function ListHandPage() {
  const [page, setPage] = useState<BenchRow[]>([])
  useEffect(() => {
    whenPainted('.ant-table-tbody tr.ant-table-row', 50, (ms) => publish({ painted: ms }))
    void Promise.resolve().then(() => setPage(data.slice(0, 50)))
  }, [])
  return (
    <Flex vertical gap={12} style={{ padding: 16 }}>
      <Form layout="inline" role="search">
        {SEARCH_FIELDS.map((field) => (
          <Form.Item key={field} name={field} label={title(field)}>
            {field === 'type' ? (
              <Select allowClear options={options(typeMeaning)} style={{ width: 140 }} />
            ) : field === 'status' ? (
              <Select allowClear options={options(statusMeaning)} style={{ width: 140 }} />
            ) : field === 'opened' ? (
              <DatePicker />
            ) : (
              <Input allowClear />
            )}
          </Form.Item>
        ))}
        <Button type="primary">Search</Button>
        <Button>Reset</Button>
      </Form>
      <Flex gap={8}>
        <Button type="primary">Create</Button>
      </Flex>
      <Table
        rowKey="id"
        columns={columns}
        dataSource={page}
        scroll={{ x: 'max-content' }}
        pagination={{
          total: data.length,
          pageSize: 50,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
        }}
      />
    </Flex>
  )
}
