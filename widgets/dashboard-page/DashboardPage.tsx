import { Col, Row } from 'antd'
import {
  designMark,
  useDesignMode,
  usePageContext,
  type DashboardPage as DashboardSchema,
  type PageWidgetProps,
} from '../../renderer/index'
import { useStableParams } from '../shared/use-stable-params'
import { DashboardCard } from './DashboardCard'

/** A grid of cards (24 columns): figures and charts computed by the server's aggregate endpoints, or widgets. */
export function DashboardPage({ page, params: routeParams }: PageWidgetProps<DashboardSchema>) {
  const { t } = usePageContext()
  const params = useStableParams(routeParams)
  // in the page designer the title and each card carry the pointer of their entries
  const design = useDesignMode()
  const mark = (pointer: string) => (design ? designMark(pointer) : {})
  return (
    <div className="wms-dashboard-page" style={{ padding: 16 }}>
      <h2 style={{ fontSize: 18 }} {...mark('/title')}>
        {t(page.title)}
      </h2>
      <Row gutter={[16, 16]}>
        {page.cards.map((card, index) => (
          <Col
            key={card.key}
            xs={24}
            md={card.span ?? (card.type === 'figure' ? 6 : 12)}
            {...mark(`/cards/${index}`)}
          >
            <DashboardCard card={card} params={params} />
          </Col>
        ))}
      </Row>
    </div>
  )
}
