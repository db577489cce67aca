import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo } from 'react'
import { fn } from 'storybook/test'
import pickPageFile from '../../schemas/pages/winv/outbound-order-pick.page.json'
import wavePageFile from '../../schemas/pages/winv/wave-order.page.json'
import {
  ApiError,
  restDataSource,
  useRendererEnv,
  type ListPage,
  type PageAction,
  type Row,
} from '../../renderer/index'
import { ActionDialog } from '../action-dialog/ActionDialog'
import { createFakeEnv } from '../../stories/support/fake-env'
import { WithPage } from '../../stories/support/WithPage'
import type { PickSerialLine } from './PickSerials'

const pickPage = pageWithModel(pickPageFile)
const wavePage = pageWithModel(wavePageFile)

type ServerAction = Extract<PageAction, { type: 'action' }>
const pickOf = (page: ListPage): ServerAction => {
  const action = (page.table.rowActions ?? []).find(
    (a): a is ServerAction => a.type === 'action' && a.name === 'pick',
  )
  if (!action?.dialog) throw new Error(`${page.route} has no pick action with a dialog`)
  return action
}

/** An allocated order: two power banks (serial tracked) and one cable (not), whose pick asks for two units. */
const allocatedOrder: Row = {
  outboundOrderId: 12,
  orderNum: 'CK2026112700012',
  orderStatus: 'ALLOCATED',
  objectVersionNumber: 3,
}
const powerBanks: PickSerialLine = {
  outboundLineId: 81,
  orderNum: 'CK2026112700012',
  lineNum: 1,
  goodsCode: 'SKU00016',
  goodsName: 'Power bank 10000mAh',
  quantity: 2,
  places: [{ locationCode: 'A-01-01', batchCode: null, quantity: 2 }],
  inStock: ['SN-PB-001', 'SN-PB-002', 'SN-PB-003'],
}
/** A released wave of two orders, each with one serial-tracked line. */
const releasedWave: Row = {
  waveId: 5,
  waveNum: 'WV2026112700005',
  waveStatus: 'RELEASED',
  objectVersionNumber: 2,
}
const waveLines: PickSerialLine[] = [
  { ...powerBanks, outboundLineId: 91, orderNum: 'CK2026112700021', quantity: 1 },
  { ...powerBanks, outboundLineId: 92, orderNum: 'CK2026112700022', quantity: 1 },
]

interface HarnessProps {
  pageName: 'order' | 'wave'
  row: Row
  onClose(): void
  onDone(): void
}

/** The pick dialog of a real page's row action, posting through the page's data source. */
function Harness({ pageName, row, onClose, onDone }: HarnessProps) {
  const env = useRendererEnv()
  const page = (pageName === 'order' ? pickPage : wavePage) as unknown as ListPage
  const action = pickOf(page)
  const dataSource = useMemo(() => restDataSource(env, page.dataSource, {}), [env, page])
  return (
    <WithPage page={page}>
      <ActionDialog
        dialog={action.dialog ?? { fields: {} }}
        label={action.label ?? 'common.action.save'}
        row={row}
        submit={(body) => dataSource.action(action.path, body, row)}
        onClose={onClose}
        onDone={onDone}
      />
    </WithPage>
  )
}

const orderEnv = (lines: PickSerialLine[]) => () =>
  createFakeEnv({
    handlers: {
      'GET wms /v1/1/outbound-orders/12/pick-serials': () => ({ lines }),
      'POST wms /v1/1/outbound-orders/12/pick': () => ({ ...allocatedOrder, orderStatus: 'PICKED' }),
    },
  })

const meta = {
  title: 'Fields/PickSerials',
  component: Harness,
  args: { pageName: 'order', row: allocatedOrder, onClose: fn(), onDone: fn() },
  parameters: { env: orderEnv([powerBanks]) },
} satisfies Meta<typeof Harness>
export default meta
type Story = StoryObj<typeof meta>

/** Confirm picking an order with serial-tracked goods: one serial number per unit, scanned or clicked. */
export const PickOrder: Story = {}

/** An order of plain goods only: nothing to scan, the pick is confirmed as it is. */
export const NoSerialGoods: Story = { parameters: { env: orderEnv([]) } }

/** The wave's pick: a box per serial-tracked line of each of its orders, a unit on one line only. */
export const PickWave: Story = {
  args: { pageName: 'wave', row: releasedWave },
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: {
          'GET wms /v1/1/wave-orders/5/pick-serials': () => ({ lines: waveLines }),
          'POST wms /v1/1/wave-orders/5/pick': () => ({ ...releasedWave, waveStatus: 'PICKED' }),
        },
      }),
  },
}

/** The server refuses a unit picked meanwhile by someone else: its reason in the dialog, the input kept. */
export const UnitTakenMeanwhile: Story = {
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: {
          'GET wms /v1/1/outbound-orders/12/pick-serials': () => ({ lines: [powerBanks] }),
          'POST wms /v1/1/outbound-orders/12/pick': () => {
            throw new ApiError(
              'Order CK2026112700012 line 1 (SKU00016): serial number SN-PB-001 (PICKED) is not in stock for this order: pick other units.',
              409,
              'error.serial_not_in_stock',
            )
          },
        },
      }),
  },
}
