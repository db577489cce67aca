import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import importPageFile from '../../schemas/pages/himp/comment-import.page.json'
import { ApiError, SchemaPage, type HttpRequest } from '../../renderer/index'
import { pageOf } from '../../stories/fixtures/paging'
import { createFakeEnv, type Handler } from '../../stories/support/fake-env'

const importPage = pageWithModel(importPageFile)

const template = {
  templateCode: 'WMDM.WAREHOUSE',
  templateName: '仓库导入',
  targetModel: 'wms/warehouse',
  maxRows: 5000,
  sheets: [
    {
      sheetName: 'Warehouses',
      headerRow: 1,
      columns: [
        {
          columnTitle: '仓库编码',
          fieldName: 'warehouseCode',
          type: 'string',
          required: true,
          lookupCode: null,
          maxLength: 30,
          sampleValue: 'WH-N001',
        },
        {
          columnTitle: '仓库名称',
          fieldName: 'warehouseName',
          type: 'string',
          required: true,
          lookupCode: null,
          maxLength: 120,
          sampleValue: '一号仓',
        },
        {
          columnTitle: '仓库类型',
          fieldName: 'warehouseType',
          type: 'string',
          required: true,
          lookupCode: 'WMDM.WAREHOUSE_TYPE',
          maxLength: 30,
          sampleValue: 'NORMAL',
        },
      ],
    },
  ],
}
const batch = {
  importId: 7,
  templateCode: 'WMDM.WAREHOUSE',
  batch: 'b-7',
  fileName: 'warehouses.xlsx',
  status: 'VALIDATED',
  totalCount: 3,
  errorCount: 1,
  importedCount: 0,
  importDate: '2026-11-21 10:00:00',
}
const lines = [
  {
    lineId: 1,
    sheetName: 'Warehouses',
    rowNumber: 2,
    dataJson: { warehouseCode: 'WH-N001', warehouseName: '一号仓', warehouseType: 'NORMAL' },
    status: 'VALID',
    errorMessage: null,
    targetId: null,
  },
  {
    lineId: 2,
    sheetName: 'Warehouses',
    rowNumber: 3,
    dataJson: { warehouseCode: 'WH-N002', warehouseName: '二号仓', warehouseType: 'SPACESHIP' },
    status: 'ERROR',
    errorMessage: "仓库类型 (warehouseType) 'SPACESHIP' is not a value of WMDM.WAREHOUSE_TYPE",
    targetId: null,
  },
  {
    lineId: 3,
    sheetName: 'Warehouses',
    rowNumber: 4,
    dataJson: { warehouseCode: 'WH-N003', warehouseName: '三号仓', warehouseType: 'COLD' },
    status: 'VALID',
    errorMessage: null,
    targetId: null,
  },
]
const backend = {
  // Whether the template exists, and the import of a batch uuid: list calls answered as the server pages them.
  'GET himp /v1/1/templates': (request: HttpRequest) =>
    pageOf([{ templateId: 3, templateCode: 'WMDM.WAREHOUSE', templateName: '仓库导入' }], request),
  'GET himp /v1/1/imports': (request: HttpRequest) =>
    pageOf(
      [batch].filter((b) => b.batch === request.params?.batch),
      request,
    ),
  'GET himp /v1/1/import-templates/WMDM.WAREHOUSE': () => template,
  'GET himp /v1/1/imports/7': () => batch,
  'GET himp /v1/1/import-batches/7/lines': () => ({
    content: lines,
    totalElements: 3,
    totalPages: 1,
    number: 0,
    size: 20,
    numberOfElements: 3,
  }),
  'POST himp /v1/1/import-batches/7/import': () => ({ ...batch, status: 'IMPORTED', importedCount: 2 }),
}

/** The import engine page of a template, opened from a menu or another screen with the template code. */
const meta = {
  title: 'Pages/ImportRunner',
  component: SchemaPage,
  args: {
    page: importPage,
    file: 'schemas/pages/himp/comment-import.page.json',
    params: { code: 'WMDM.WAREHOUSE' },
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SchemaPage>
export default meta
type Story = StoryObj<typeof meta>

/** Before an upload: the template, its columns (required ones in red), download and upload. */
export const BeforeUpload: Story = { parameters: { env: () => createFakeEnv({ handlers: backend }) } }

/** A past import (history detail): rows checked, one with its error and a Fix button, Import valid rows. */
export const CheckedRows: Story = {
  args: { params: { importId: '7', templateCode: 'WMDM.WAREHOUSE', batch: 'b-7' } },
  parameters: { env: () => createFakeEnv({ handlers: backend }) },
}

/**
 * An import under way (press Import valid rows): the page asks the server how far the run is and shows rows
 * imported of the total, until the run answers.
 */
export const Importing: Story = {
  args: { params: { importId: '8', templateCode: 'WMDM.WAREHOUSE', batch: 'b-8' } },
  parameters: {
    env: () => {
      const big = { ...batch, importId: 8, batch: 'b-8', totalCount: 1200, errorCount: 0 }
      const steps = [0, 500, 1000]
      let polls = 0
      let finish = () => {}
      const finished = new Promise<void>((resolve) => (finish = resolve))
      return createFakeEnv({
        handlers: {
          ...backend,
          'GET himp /v1/1/imports': (request: HttpRequest) =>
            pageOf(
              [big].filter((b) => b.batch === request.params?.batch),
              request,
            ),
          'GET himp /v1/1/imports/8': () => big,
          'GET himp /v1/1/import-batches/8/lines': () => ({
            content: lines.filter((line) => line.status === 'VALID'),
            totalElements: 2,
            totalPages: 1,
            number: 0,
            size: 20,
            numberOfElements: 2,
          }),
          'GET himp /v1/1/import-batches/8/progress': () => {
            const done = steps[Math.min(polls, steps.length - 1)]!
            polls += 1
            if (polls > steps.length) finish()
            return { importId: 8, status: 'IMPORTING', done, total: 1200 }
          },
          'POST himp /v1/1/import-batches/8/import': async () => {
            await finished
            return { ...big, status: 'IMPORTED', importedCount: 1200 }
          },
        },
      })
    },
  },
}

const pastImport = { importId: '7', templateCode: 'WMDM.WAREHOUSE', batch: 'b-7' }
/** The backend with a different batch (and its lines), or other handlers replaced. */
const withBatch = (
  changed: Partial<typeof batch> & { errorMessage?: string },
  rows: typeof lines,
  handlers: Record<string, Handler> = {},
) => {
  const current = { ...batch, ...changed }
  return () =>
    createFakeEnv({
      handlers: {
        ...backend,
        'GET himp /v1/1/imports': (request: HttpRequest) => pageOf([current], request),
        'GET himp /v1/1/imports/7': () => current,
        'GET himp /v1/1/import-batches/7/lines': (request: HttpRequest) => pageOf(rows, request),
        // an import running elsewhere: the page polls how far it is
        'GET himp /v1/1/import-batches/7/progress': () => ({
          importId: 7,
          status: current.status,
          done: current.importedCount ?? 0,
          total: current.totalCount,
        }),
        ...handlers,
      },
    })
}

/** Error: the template cannot be read (the server's error envelope): the page says so with the server's reason. */
export const TemplateFails: Story = {
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: {
          ...backend,
          'GET himp /v1/1/import-templates/WMDM.WAREHOUSE': () => {
            throw new ApiError(
              'Import template WMDM.WAREHOUSE has no sheet: add one in Import templates.',
              400,
              'error.himp.template',
            )
          },
        },
      }),
  },
}

/** Error: no template of this code (the templates list answers no row). */
export const UnknownTemplate: Story = {
  args: { params: { code: 'WMDM.RETIRED' } },
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: { ...backend, 'GET himp /v1/1/templates': (request: HttpRequest) => pageOf([], request) },
      }),
  },
}

/** Empty: a workbook without data rows: nothing to list and nothing to import. */
export const EmptyWorkbook: Story = {
  args: { params: pastImport },
  parameters: { env: withBatch({ totalCount: 0, errorCount: 0, fileName: 'empty.xlsx' }, []) },
}

/** Loading: the template is still being read (the title holds the code until it comes). */
export const LoadingTemplate: Story = {
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: {
          ...backend,
          'GET himp /v1/1/import-templates/WMDM.WAREHOUSE': () => new Promise(() => undefined),
        },
      }),
  },
}

/** Importing: another session is importing this batch: the status says so and Import waits. */
export const ImportingElsewhere: Story = {
  args: { params: pastImport },
  parameters: { env: withBatch({ status: 'IMPORTING', importedCount: 1 }, lines) },
}

/** Importing here: Import valid rows pressed, the server still working: the buttons wait for it. */
export const ImportRunning: Story = {
  args: { params: pastImport },
  parameters: {
    env: withBatch({}, lines, {
      'POST himp /v1/1/import-batches/7/import': () => new Promise(() => undefined),
    }),
  },
}

/** Error: the import was stopped (FAILED with the reason); the rows stay listed to import again. */
export const ImportFailed: Story = {
  args: { params: pastImport },
  parameters: {
    env: withBatch(
      {
        status: 'FAILED',
        errorMessage: 'The import stopped at row 3 when the server restarted: press Import valid rows again.',
      },
      lines,
    ),
  },
}

/** Error: Import is refused by the server (its envelope): the client's notification, the batch read again. */
export const ImportRefused: Story = {
  args: { params: pastImport },
  parameters: {
    env: withBatch({}, lines, {
      'POST himp /v1/1/import-batches/7/import': () => {
        throw new ApiError(
          'Batch 7 is already being imported by another session: wait for it to finish.',
          409,
          'error.himp.busy',
        )
      },
    }),
  },
}
