/**
 * The tenant's home page cards (/hpfm/card-manage, model hpfm/card): enabled cards for the user's role, in
 * order — LINK opens a route of the app, NOTICE shows a text. Nothing is drawn while there are none, or when
 * they cannot be read (the rest of the home page stays usable).
 */
import { Card, Col, Row, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { Page } from '../../renderer/contract/wire'
import { useServices, useSession } from '../stores/contexts'

export interface HomeCard {
  cardId: number
  cardCode: string
  cardName: string
  cardType: 'LINK' | 'NOTICE' | string
  route?: string | null
  content?: string | null
  roleCodes?: string | null
}

/** Cards shown to `roleCode`: no roles listed means every role. */
export const cardsForRole = (cards: HomeCard[], roleCode: string) =>
  cards.filter((card) => {
    const roles = (card.roleCodes ?? '')
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean)
    return roles.length === 0 || roles.includes(roleCode)
  })

export function WorkplaceCards({ active }: { active: boolean }) {
  const { http } = useServices()
  const { user } = useSession()
  const navigate = useNavigate()
  const [cards, setCards] = useState<HomeCard[]>([])
  useEffect(() => {
    if (!active || user.currentRoleLevel === 'site') return
    let live = true
    http
      .request<Page<HomeCard>>({
        method: 'GET',
        service: 'hpfm',
        path: `/v1/${user.tenantId}/cards`,
        params: { enabledFlag: 1, sort: 'orderSeq,asc', size: 50 },
        silent: true,
      })
      .then((page) => live && setCards(cardsForRole(page?.content ?? [], user.currentRoleCode)))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [http, user.tenantId, user.currentRoleCode, user.currentRoleLevel, active])
  if (!cards.length) return null
  return (
    <Row gutter={[16, 16]} data-testid="workplace-cards">
      {cards.map((card) => (
        <Col key={card.cardId} xs={24} md={12} xl={6}>
          {card.cardType === 'LINK' && card.route ? (
            <Card
              hoverable
              size="small"
              role="link"
              title={card.cardName}
              onClick={() => navigate(card.route!)}
            >
              <Typography.Text type="secondary">{card.route}</Typography.Text>
            </Card>
          ) : (
            <Card size="small" title={card.cardName}>
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {card.content}
              </Typography.Paragraph>
            </Card>
          )}
        </Col>
      ))}
    </Row>
  )
}
