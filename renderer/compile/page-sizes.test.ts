import { expect, test } from 'vitest'
import { DEFAULT_PAGE_SIZE, defaultPageSizeOptions, isCoreWorkspace, pageSizeOptions } from './page-sizes'

test('X-02: default 10; core workspace list pages offer 10/15/20/50/80/100, their inner tables 10/15/20/50', () => {
  expect(DEFAULT_PAGE_SIZE).toBe(10)
  for (const route of ['/hmnt/audit-query', '/hfile/file-list', '/ets/waybill', '/hrpt/report-query'])
    expect(pageSizeOptions(undefined, 10, route)).toEqual([10, 15, 20, 50, 80, 100])
  expect(pageSizeOptions(undefined, 10, '/winv/requisitionNoteHandle')).toEqual([10, 15, 20, 50, 80, 100])
  expect(defaultPageSizeOptions('/hrpt/report-query', 'inner')).toEqual([10, 15, 20, 50])
})

test('X-02: platform administration and warehouse tables offer 10/20/50/100', () => {
  for (const route of ['/wmdm/warehouse', '/hiam/user', '/winv/requisitionNote', '/hrptx/other', undefined])
    expect(pageSizeOptions(undefined, 10, route)).toEqual([10, 20, 50, 100])
  expect(isCoreWorkspace('/winv/requisitionNoteHandleX')).toBe(false)
})

test('PLAT-TBL-02: a size not offered is inserted and the list sorted; a page of its own options keeps them', () => {
  expect(pageSizeOptions(undefined, 30, '/wmdm/warehouse')).toEqual([10, 20, 30, 50, 100])
  expect(pageSizeOptions(undefined, 25, '/hrpt/report-query')).toEqual([10, 15, 20, 25, 50, 80, 100])
  expect(pageSizeOptions([5, 500], 10, '/hrpt/report-query')).toEqual([5, 10, 500])
})
