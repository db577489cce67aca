import { render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import warehouseFile from '../../schemas/pages/wmdm/warehouse.page.json'
import {
  compileColumns,
  createRegistry,
  createTexts,
  RendererProvider,
  type ListPage,
} from '../../renderer/index'
import { lookupBatch, permissionCheck } from '../../stories/fixtures/lookups'
import { sampleWarehouses } from '../../stories/fixtures/warehouse-backend'
import { createFakeEnv, fakeUser } from '../../stories/support/fake-env'
import { pageWithModel } from '../../stories/support/page-with-model'
import { WithPage } from '../../stories/support/WithPage'
import { widgetEntries } from '../index'
import { DataTable } from './DataTable'

const page = pageWithModel(warehouseFile) as unknown as ListPage

test("the table draws text, number, select and date cells without waiting for any widget's chunk", async () => {
  // every widget's code "never arrives": a cell that needed its read-pretty component would suspend for ever
  const registry = createRegistry(
    widgetEntries.map((entry) => ({ ...entry, load: () => new Promise<never>(() => undefined) })),
  )
  const env = createFakeEnv({
    handlers: {
      'GET hpfm /v1/1/lovs/value/batch': lookupBatch,
      'POST iam /hzero/v1/menus/check-permissions': permissionCheck(),
    },
  })
  const t = createTexts({ t: (_key, fallback) => fallback ?? '', user: fakeUser }, page.texts)
  const columns = compileColumns(page, t, 'test')
  expect(columns.map((column) => column.widget)).toEqual(
    expect.arrayContaining(['Input', 'Select', 'InputNumber']),
  )
  render(
    <RendererProvider env={env} registry={registry}>
      <WithPage page={page}>
        <DataTable
          columns={columns}
          rows={sampleWarehouses(3)}
          total={3}
          page={0}
          size={10}
          sizeOptions={[10]}
          rowKey="warehouseId"
          onChange={() => undefined}
        />
      </WithPage>
    </RendererProvider>,
  )
  const row = screen.getByText('WH-E002').closest('tr') as HTMLElement
  // the value set's meaning, once its one batched request answered
  expect(await within(row).findByText('Bonded')).toBeInTheDocument()
  expect(registry.loaded(columns.map((column) => column.widget))).toBe(false)
})
