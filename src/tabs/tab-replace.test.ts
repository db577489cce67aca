import { describe, expect, it } from 'vitest'
import { createTabStore } from './tab-store'

const open = (key: string) => ({ key, pathname: key.split('?')[0] ?? key, routeTitle: key })

describe('a replace navigation moves a tab (issue 19)', () => {
  it('puts the new address where the tab stood, keeping the other tabs in place', () => {
    const store = createTabStore({ home: { key: '/workplace', routeTitle: 'Home' }, roleCode: 'admin' })
    store.open(open('/orders/create'))
    store.open(open('/stock'))
    store.replace('/orders/create', open('/orders/create?orderId=5'))
    expect(store.getState()).toMatchObject({
      tabs: [{ key: '/workplace' }, { key: '/orders/create?orderId=5' }, { key: '/stock' }],
      activeKey: '/orders/create?orderId=5',
    })
  })

  it('closes the moving tab when the new address already has one, and never moves the home tab', () => {
    const store = createTabStore({ home: { key: '/workplace', routeTitle: 'Home' }, roleCode: 'admin' })
    store.open(open('/orders'))
    store.open(open('/orders/form'))
    store.replace('/orders/form', open('/orders'))
    expect(store.getState().tabs.map((t) => t.key)).toEqual(['/workplace', '/orders'])
    store.replace('/workplace', open('/workplace?pageNo=2'))
    expect(store.getState().tabs.map((t) => t.key)).toEqual(['/workplace', '/orders', '/workplace?pageNo=2'])
  })
})
