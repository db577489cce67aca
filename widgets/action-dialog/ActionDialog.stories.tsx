import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo } from 'react'
import { fn } from 'storybook/test'
import linePageFile from '../../schemas/pages/winv/inbound-order-line.page.json'
import packPageFile from '../../schemas/pages/winv/pack-weigh.page.json'
import {
  ApiError,
  restDataSource,
  useRendererEnv,
  type ListPage,
  type PageAction,
  type Row,
} from '../../renderer/index'
import { createFakeEnv } from '../../stories/support/fake-env'
import { WithPage } from '../../stories/support/WithPage'
import { ActionDialog } from './ActionDialog'

const linePage = pageWithModel(linePageFile)
const packPage = pageWithModel(packPageFile)

type ServerAction = Extract<PageAction, { type: 'action' }>
function actionOf(page: ListPage, name: string): ServerAction {
  const action = (page.table.rowActions ?? []).find(
    (a): a is ServerAction => a.type === 'action' && a.name === name,
  )
  if (!action?.dialog) throw new Error(`${page.route} has no row action '${name}' with a dialog`)
  return action
}

/** A serial-tracked line of an executing inbound order (2 of 5 power banks received). */
const serialLine: Row = {
  inboundLineId: 41,
  inboundOrderId: 7,
  lineNum: 1,
  goodsCode: 'SKU00016',
  goodsName: 'Power bank 10000mAh',
  batchCode: 'B2026-11',
  quantity: 5,
  receivedQuantity: 2,
  putawayQuantity: 0,
  returnedQuantity: 0,
}

/** A picked outbound order at the packing station. */
const pickedOrder: Row = { outboundOrderId: 12, orderNum: 'CK2026112700012', orderStatus: 'PICKED' }

interface HarnessProps {
  pageName: 'line' | 'pack'
  actionName: string
  row: Row
  onClose(): void
  onDone(): void
}

/** The dialog of one row action of a real page, posting through the page's data source. */
function Harness({ pageName, actionName, row, onClose, onDone }: HarnessProps) {
  const env = useRendererEnv()
  const page = (pageName === 'line' ? linePage : packPage) as unknown as ListPage
  const action = actionOf(page, actionName)
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

const accept = () => createFakeEnv({ handlers: { 'POST wms /v1/1/inbound-orders/7/receive': () => ({}) } })

const meta = {
  title: 'Parts/ActionDialog',
  component: Harness,
  args: { pageName: 'line', actionName: 'receive', row: serialLine, onClose: fn(), onDone: fn() },
  parameters: { env: accept },
} satisfies Meta<typeof Harness>
export default meta
type Story = StoryObj<typeof meta>

/** Receiving one line: quantity, batch (from the line) and serial numbers, one per line of the text. */
export const ReceiveLine: Story = {}

/**
 * The server refuses a body whose serial count is not the quantity: its message in the dialog, on the field it
 * names, the input kept; corrected, the same dialog sends again.
 */
export const ServerRefuses: Story = {
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: {
          'POST wms /v1/1/inbound-orders/7/receive': (request) => {
            const [line] = (request.data as { lines: { quantity: number; serialNumbers?: string[] }[] }).lines
            const count = line?.serialNumbers?.length ?? 0
            if (line && count !== line.quantity)
              throw new ApiError(
                `Inbound order RK20261127001 line 1 (SKU00016): SKU00016 is serial tracked: give one serial number per unit (${line.quantity} units, ${count} numbers).`,
                400,
                'error.validation',
                'error',
                { 'lines[0].serialNumbers': 'one per unit' },
              )
            return {}
          },
        },
      }),
  },
}

/** Returning goods of a line to the supplier: the quantity and the serial numbers going back. */
export const ReturnGoods: Story = {
  args: { actionName: 'returnGoods' },
  parameters: {
    env: () => createFakeEnv({ handlers: { 'POST wms /v1/1/inbound-orders/7/returnGoods': () => ({}) } }),
  },
}

/** The packing station: the weight the scale reads and the number of packages (required, 1 by default). */
export const PackAndWeigh: Story = {
  args: { pageName: 'pack', actionName: 'pack', row: pickedOrder },
  parameters: {
    env: () => createFakeEnv({ handlers: { 'POST wms /v1/1/outbound-orders/12/pack': () => ({}) } }),
  },
}
