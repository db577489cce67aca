import type { Language } from '../../renderer/index'

const WORDS = {
  addText: ['添加文本', 'Add text', '添加文本'],
  addField: ['添加字段', 'Add field', '添加字段'],
  addBarcode: ['添加条码', 'Add barcode', '添加條碼'],
  remove: ['删除元素', 'Remove element', '刪除元素'],
  save: ['保存', 'Save', '保存'],
  saved: ['已保存', 'Saved', '已保存'],
  type: ['类型', 'Type', '類型'],
  text: ['文本', 'Text', '文本'],
  field: ['字段', 'Field', '字段'],
  fontSize: ['字号(pt)', 'Font size (pt)', '字號(pt)'],
  pick: [
    '点击画布上的元素进行编辑，拖动可移动位置(单位: 毫米)',
    'Click an element on the canvas to edit it, drag it to move it (millimetres)',
    '點擊畫布上的元素進行編輯，拖動可移動位置(單位: 毫米)',
  ],
  load: ['加载数据', 'Load data', '加載數據'],
  print: ['打印', 'Print', '打印'],
  labels: ['张标签', 'labels', '張標籤'],
  missing: ['没有这个标签模板', 'No label template of this code', '沒有這個標籤模板'],
  unavailable: ['标签模板不可用', 'The label template is not available', '標籤模板不可用'],
  sizeMismatch: [
    '地址中的尺寸与模板不一致，画布按地址尺寸显示',
    'The size in the address differs from the template: the canvas uses the address',
    '地址中的尺寸與模板不一致，畫布按地址尺寸顯示',
  ],
} as const
const INDEX: Record<Language, number> = { zh_CN: 0, en_US: 1, zh_TW: 2 }
export const labelText = (language: Language) => (key: keyof typeof WORDS) =>
  WORDS[key][INDEX[language] ?? 1] ?? WORDS[key][1]
