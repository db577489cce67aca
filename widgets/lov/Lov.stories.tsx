import type { Meta, StoryObj } from '@storybook/react-vite'
import { goodsLovEnv } from '../../stories/fixtures/goods-lov-backend'
import { lovEnv, lovHandlers } from '../../stories/fixtures/lov-backend'
import { createFakeEnv } from '../../stories/support/fake-env'
import { FormHarness } from '../../stories/support/FormHarness'

/** A warehouse chosen with a Lov fills the warehouse code and name fields of the same form. */
const fields = {
  warehouseId: {
    title: 'Warehouse',
    'x-component': 'Lov',
    'x-component-props': {
      'aria-label': 'Warehouse',
      lovCode: 'WMDM.WAREHOUSE',
      lovMapping: { textField: 'warehouseName', fill: { warehouseCode: 'warehouseCode' } },
    },
  },
  warehouseCode: { title: 'Warehouse code', 'x-component': 'Input', 'x-pattern': 'readPretty' },
}

const meta = {
  title: 'Fields/Lov',
  component: FormHarness,
  args: { fields },
  parameters: { env: lovEnv() },
} satisfies Meta<typeof FormHarness>
export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {}
export const Loading: Story = { parameters: { env: lovEnv({ view: 'pending' }) } }
export const WithValue: Story = {
  args: {
    initialValues: { warehouseId: 1002, warehouseName: 'Suzhou warehouse 3', warehouseCode: 'WH-E003' },
  },
}
export const ReadOnly: Story = {
  args: {
    readPretty: true,
    initialValues: { warehouseId: 1002, warehouseName: 'Suzhou warehouse 3', warehouseCode: 'WH-E003' },
  },
}
export const ServerError: Story = {
  parameters: { env: lovEnv({ dataError: 'The database is not available: try again in a minute' }) },
}
export const DefinitionUnavailable: Story = { parameters: { env: lovEnv({ view: 'fails' }) } }
export const ManyRows: Story = { parameters: { env: lovEnv({ rows: 180 }) } }
/** The query finds one warehouse: opening the picker chooses it without the popup (CORE-LOV-08). */
export const OneResult: Story = { parameters: { env: lovEnv({ rows: 1 }) } }
/** A warehouse picker narrowed by the organisation chosen in the same form (lovMapping.params, PLAT-WH). */
export const NarrowedByOrganisation: Story = {
  args: {
    fields: {
      invOrganizationId: {
        title: 'Organisation id',
        'x-component': 'Input',
        'x-component-props': { 'aria-label': 'Organisation id' },
      },
      warehouseId: {
        ...fields.warehouseId,
        'x-component-props': {
          ...fields.warehouseId['x-component-props'],
          lovMapping: { textField: 'warehouseName', params: { invOrganizationId: 'invOrganizationId' } },
        },
      },
    },
    initialValues: { invOrganizationId: 7 },
  },
}
/**
 * An area picker narrowed by the warehouse of the same form (lovMapping.params): the record's area is kept on
 * load, and a new warehouse chosen by the user clears it (and its text field), as its areas are other ones.
 */
export const AreaByWarehouse: Story = {
  args: {
    fields: {
      warehouseId: {
        ...fields.warehouseId,
        'x-component-props': {
          ...fields.warehouseId['x-component-props'],
          lovMapping: { textField: 'warehouseName' },
        },
      },
      whareaId: {
        title: 'Area',
        'x-component': 'Lov',
        'x-component-props': {
          'aria-label': 'Area',
          lovCode: 'WINV.WHAREA',
          lovMapping: { textField: 'whareaName', params: { warehouseId: 'warehouseId' } },
        },
      },
    },
    initialValues: {
      warehouseId: 1002,
      warehouseName: 'Suzhou warehouse 3',
      whareaId: 10021,
      whareaName: 'Suzhou warehouse 3 area 1',
    },
  },
}
/** A page keeping no text field for the warehouse: the picker and the read-only view ask the view for its name. */
const withoutText = {
  warehouseId: {
    ...fields.warehouseId,
    'x-component-props': { ...fields.warehouseId['x-component-props'], lovMapping: {} },
  },
}
export const ValueWithoutText: Story = { args: { fields: withoutText, initialValues: { warehouseId: 1002 } } }
export const ReadOnlyWithoutText: Story = {
  args: { fields: withoutText, readPretty: true, initialValues: { warehouseId: 1005 } },
}
/** A Chinese session: the open button names its field in Chinese ("选择发货仓库"). */
export const InChinese: Story = {
  args: {
    fields: {
      warehouseId: {
        ...fields.warehouseId,
        title: '发货仓库',
        'x-component-props': { ...fields.warehouseId['x-component-props'], 'aria-label': '发货仓库' },
      },
    },
  },
  parameters: { env: () => createFakeEnv({ handlers: lovHandlers(), user: { language: 'zh_CN' } }) },
}
/** A picker with neither a title nor a name of its own: its open button falls back to "Open the picker". */
export const Untitled: Story = {
  args: {
    fields: {
      warehouseId: {
        'x-component': 'Lov',
        'x-component-props': { lovCode: 'WMDM.WAREHOUSE', lovMapping: { textField: 'warehouseName' } },
      },
    },
  },
}
/**
 * The goods picker of an inbound order line (an SQL view, WINV.GOODS): the typed text is searched in code, name
 * and barcode; opening the dropdown lists the first goods at once.
 */
export const GoodsBySqlView: Story = {
  args: {
    fields: {
      goodsId: {
        title: 'Goods',
        'x-component': 'Lov',
        'x-component-props': {
          'aria-label': 'Goods',
          lovCode: 'WINV.GOODS',
          lovMapping: { textField: 'goodsName', fill: { goodsCode: 'goodsCode' } },
        },
      },
    },
  },
  parameters: { env: goodsLovEnv() },
}
