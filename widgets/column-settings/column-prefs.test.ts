import { beforeEach, expect, test } from 'vitest'
import type { ColumnModel, ColumnSetting } from '../../renderer/index'
import { applySettings, cacheKey, completeSettings, moveSetting, readCache, writeCache } from './column-prefs'

const column = (field: string, fixed?: 'left' | 'right'): ColumnModel => ({
  field,
  title: field,
  width: 200,
  fixed,
  sortable: false,
  ellipsis: false,
  widget: 'Input',
  spec: { label: field, widget: 'Input' } as ColumnModel['spec'],
})
const columns = ['a', 'b', 'c', 'd'].map((f) => column(f))
const setting = (field: string, patch: Partial<ColumnSetting> = {}): ColumnSetting => ({
  field,
  visible: true,
  defaultVisible: true,
  fixed: null,
  ...patch,
})

beforeEach(() => localStorage.clear())

test('CORE-COL-07: cached per user and cuszCode with cache version 1; other versions are ignored', () => {
  expect(cacheKey(7, 'wmdm.warehouse.table')).toBe('wms.cusz.7.wmdm.warehouse.table')
  writeCache(localStorage, 7, 'wmdm.warehouse.table', { settings: [setting('b')] })
  expect(JSON.parse(localStorage.getItem('wms.cusz.7.wmdm.warehouse.table')!)).toMatchObject({ version: 1 })
  expect(readCache(localStorage, 7, 'wmdm.warehouse.table')?.settings).toEqual([setting('b')])
  expect(readCache(localStorage, 8, 'wmdm.warehouse.table')).toBeUndefined()
  localStorage.setItem(cacheKey(7, 'old'), JSON.stringify({ version: 2, settings: [setting('a')] }))
  expect(readCache(localStorage, 7, 'old')).toBeUndefined()
  localStorage.setItem(cacheKey(7, 'broken'), '{')
  expect(readCache(localStorage, 7, 'broken')).toBeUndefined()
})

test('settings order, hide, size and pin the columns; pinned columns move to their side', () => {
  const shown = applySettings(columns, [
    setting('c', { width: 120 }),
    setting('a', { visible: false }),
    setting('d', { fixed: 'left' }),
    setting('b', { fixed: 'right' }),
  ])
  expect(shown.map((c) => [c.field, c.fixed, c.width])).toEqual([
    ['d', 'left', 200],
    ['c', undefined, 120],
    ['b', 'right', 200],
  ])
})

test('columns the page gained are appended; settings of lost columns are dropped', () => {
  const saved = [setting('b'), setting('gone'), setting('a')]
  expect(applySettings(columns, saved).map((c) => c.field)).toEqual(['b', 'a', 'c', 'd'])
  expect(completeSettings(columns, saved).map((s) => s.field)).toEqual(['b', 'a', 'c', 'd'])
})

test('a drag moves one column', () => {
  expect(
    moveSetting(
      ['a', 'b', 'c'].map((f) => setting(f)),
      0,
      2,
    ).map((s) => s.field),
  ).toEqual(['b', 'c', 'a'])
})
