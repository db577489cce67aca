import { expect, test } from 'vitest'
import { cardsForRole, type HomeCard } from './WorkplaceCards'

const card = (cardCode: string, roleCodes: string | null): HomeCard => ({
  cardId: cardCode.length,
  cardCode,
  cardName: cardCode,
  cardType: 'NOTICE',
  roleCodes,
})

test('a card without roles shows to every role; a card with roles only to those', () => {
  const cards = [card('ALL', null), card('ADMINS', 'tenant-admin'), card('CLERKS', 'wh-clerk, jxs')]
  expect(cardsForRole(cards, 'jxs').map((c) => c.cardCode)).toEqual(['ALL', 'CLERKS'])
  expect(cardsForRole(cards, 'tenant-admin').map((c) => c.cardCode)).toEqual(['ALL', 'ADMINS'])
})
