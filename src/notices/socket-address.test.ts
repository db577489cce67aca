import { expect, test } from 'vitest'
import { noticeSocketAddress } from './socket-address'

const page = { protocol: 'https:', host: 'wms.example.com' }

test('PLAT-SOCK-03: unset → this server’s endpoint, in ws or wss like the page', () => {
  expect(noticeSocketAddress(undefined, page)).toBe('wss://wms.example.com/api/hmsg/websocket')
  expect(noticeSocketAddress(undefined, { protocol: 'http:', host: 'localhost:8080' })).toBe(
    'ws://localhost:8080/api/hmsg/websocket',
  )
})

test('PLAT-SOCK-02/03: a configured address wins; a blank one turns the socket off', () => {
  expect(noticeSocketAddress('wss://gateway/hpfm/websocket', page)).toBe('wss://gateway/hpfm/websocket')
  expect(noticeSocketAddress('  ', page)).toBeUndefined()
})
