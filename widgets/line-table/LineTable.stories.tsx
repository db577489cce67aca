import { pageWithModel } from '../../stories/support/page-with-model'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo } from 'react'
import { fn } from 'storybook/test'
import inboundPageFile from '../../schemas/pages/winv/inbound-order.page.json'
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

const inboundPage = pageWithModel(inboundPageFile)

type ServerAction = Extract<PageAction, { type: 'action' }>
const page = inboundPage as unknown as ListPage
const receiveLines = (page.table.rowActions ?? []).find(
  (a): a is ServerAction => a.type === 'action' && a.key === 'receiveLines',
)!

/** An executing inbound order: cables (plain), a batch-tracked tea and serial-tracked power banks. */
const executingOrder: Row = {
  inboundOrderId: 7,
  orderNum: 'RK2026112700007',
  orderStatus: 'PARTIAL',
  objectVersionNumber: 4,
}
const openLines: Row[] = [
  {
    inboundLineId: 41,
    lineNum: 1,
    goodsCode: 'SKU00001',
    goodsName: 'USB cable',
    batchCode: null,
    quantity: 10,
    receivedQuantity: 4,
    openQuantity: 6,
    batchManaged: false,
    serialManaged: false,
  },
  {
    inboundLineId: 42,
    lineNum: 2,
    goodsCode: 'SKU00008',
    goodsName: 'Green tea 250 g',
    batchCode: null,
    quantity: 3,
    receivedQuantity: 0,
    openQuantity: 3,
    batchManaged: true,
    serialManaged: false,
  },
  {
    inboundLineId: 43,
    lineNum: 3,
    goodsCode: 'SKU00016',
    goodsName: 'Power bank 10000mAh',
    batchCode: 'PB-2611',
    quantity: 2,
    receivedQuantity: 0,
    openQuantity: 2,
    batchManaged: false,
    serialManaged: true,
  },
]

interface HarnessProps {
  row: Row
  onClose(): void
  onDone(): void
}

/** The "Receive lines" dialog of the inbound order list, posting through the page's data source. */
function Harness({ row, onClose, onDone }: HarnessProps) {
  const env = useRendererEnv()
  const dataSource = useMemo(() => restDataSource(env, page.dataSource, {}), [env])
  return (
    <WithPage page={page}>
      <ActionDialog
        dialog={receiveLines.dialog!}
        label={receiveLines.label ?? 'common.action.save'}
        row={row}
        submit={(body) => dataSource.action(receiveLines.path, body, row)}
        onClose={onClose}
        onDone={onDone}
      />
    </WithPage>
  )
}

const orderEnv =
  (lines: Row[], receive: (body: Row) => Row = () => ({ ...executingOrder, orderStatus: 'RECEIVED' })) =>
  () =>
    createFakeEnv({
      handlers: {
        'GET wms /v1/1/inbound-orders/7/receive-lines': () => ({ lines }),
        'POST wms /v1/1/inbound-orders/7/receive': (request) => receive(request.data as Row),
      },
    })

const meta = {
  title: 'Fields/LineTable',
  component: Harness,
  args: { row: executingOrder, onClose: fn(), onDone: fn() },
  parameters: { env: orderEnv(openLines) },
} satisfies Meta<typeof Harness>
export default meta
type Story = StoryObj<typeof meta>

/**
 * Receive a whole order: a quantity per open line (at most what is open, or all with "Fill"), the batch of
 * batch-tracked goods, one serial number per unit of serial-tracked goods; lines left empty are not received.
 */
export const ReceiveLines: Story = {}

/** Everything is received already: the dialog says so instead of an empty table. */
export const NothingOpen: Story = { parameters: { env: orderEnv([]) } }

/** The lines cannot be loaded: the dialog says why and what to do, and does not send. */
export const LinesNotLoaded: Story = {
  parameters: {
    env: () =>
      createFakeEnv({
        handlers: {
          'GET wms /v1/1/inbound-orders/7/receive-lines': () => {
            throw new ApiError(
              'Inbound order 7 does not exist (or is not yours): reload the list.',
              404,
              'error.not_found',
            )
          },
        },
      }),
  },
}

/**
 * Someone received part of line 2 meanwhile: the server refuses that line (fields "lines[1].quantity"), shown on
 * its row and above the table, the input kept; nothing was received.
 */
export const LineRefused: Story = {
  parameters: {
    env: orderEnv(openLines, (body) => {
      const lines = body.lines as Row[]
      const index = lines.findIndex((l) => l.inboundLineId === 42)
      if (index >= 0 && Number(lines[index]!.quantity) > 1)
        throw new ApiError(
          `Inbound order RK2026112700007 line 2 (SKU00008): ${String(lines[index]!.quantity)} is more than the 1 still open (expected 3, received 2): enter at most 1.`,
          409,
          'error.over_receipt',
          'error',
          { [`lines[${index}].quantity`]: 'at most 1' },
        )
      return { ...executingOrder, orderStatus: 'PARTIAL' }
    }),
  },
}
