import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  createNoticeSocket,
  HEARTBEAT_MS,
  socketUrl,
  type SocketLike,
  type SocketState,
} from './notice-socket'

class FakeSocket implements SocketLike {
  readyState = 0
  sent: string[] = []
  onopen: SocketLike['onopen'] = null
  onclose: SocketLike['onclose'] = null
  onerror: SocketLike['onerror'] = null
  onmessage: SocketLike['onmessage'] = null
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data)
  }
  close() {
    this.readyState = 3
  }
  open() {
    this.readyState = 1
    this.onopen?.({})
  }
  drop() {
    this.readyState = 3
    this.onclose?.({})
  }
}

let sockets: FakeSocket[]
let states: SocketState[]
const frames: unknown[] = []
const make = (
  url: string | undefined,
  createSocket = (u: string) => sockets[sockets.push(new FakeSocket(u)) - 1]!,
) =>
  createNoticeSocket({
    url,
    getAccessToken: () => 'tok en',
    onFrame: (frame) => frames.push(frame),
    onState: (state) => states.push(state),
    createSocket,
  })

beforeEach(() => {
  vi.useFakeTimers()
  sockets = []
  states = []
  frames.length = 0
})
afterEach(() => vi.useRealTimers())

describe('notice socket (PLAT-SOCK)', () => {
  test('PLAT-SOCK-02: a blank address constructs no socket and reports nothing', () => {
    for (const url of [undefined, '', '   ']) make(url).start()
    expect(sockets).toHaveLength(0)
    expect(states).toEqual([])
  })

  test('PLAT-SOCK-04/01: the token is in the query; states go open and closed', () => {
    const socket = make('ws://h/api/hmsg/websocket')
    expect(socket.state).toBe('uninitialised')
    socket.start()
    expect(sockets[0]!.url).toBe('ws://h/api/hmsg/websocket?access_token=tok%20en')
    sockets[0]!.open()
    expect(socket.state).toBe('open')
    sockets[0]!.drop()
    expect(socket.state).toBe('closed')
    expect(socketUrl('ws://h/x?a=1', 't')).toBe('ws://h/x?a=1&access_token=t')
  })

  test('PLAT-SOCK-05: hzero-hi at 45 s and 90 s, only while open', () => {
    make('ws://h/s').start()
    sockets[0]!.open()
    vi.advanceTimersByTime(HEARTBEAT_MS - 1)
    expect(sockets[0]!.sent).toEqual([])
    vi.advanceTimersByTime(1)
    expect(sockets[0]!.sent).toEqual(['hzero-hi'])
    vi.advanceTimersByTime(HEARTBEAT_MS)
    expect(sockets[0]!.sent).toEqual(['hzero-hi', 'hzero-hi'])
  })

  test('PLAT-SOCK-06: reconnects after each close, keeps the heartbeat, and the 6th close destroys it', () => {
    const socket = make('ws://h/s')
    socket.start()
    for (let close = 1; close <= 5; close += 1) {
      sockets.at(-1)!.drop()
      vi.runOnlyPendingTimers() // the reconnect wait
      expect(sockets).toHaveLength(close + 1)
    }
    sockets.at(-1)!.open()
    vi.advanceTimersByTime(HEARTBEAT_MS)
    expect(sockets.at(-1)!.sent).toContain('hzero-hi')
    sockets.at(-1)!.drop()
    expect(socket.retries).toBe(6)
    vi.advanceTimersByTime(10 * 60_000)
    expect(sockets).toHaveLength(6)
    expect(socket.state).toBe('closed')
  })

  test('PLAT-SOCK-07: a throwing constructor sets the error state silently', () => {
    const socket = make('ws://h/s', () => {
      throw new Error('blocked')
    })
    expect(() => socket.start()).not.toThrow()
    expect(socket.state).toBe('error')
  })

  test('PLAT-SOCK-08/09: sends JSON frames when open; passes on frames with key and message only', () => {
    const socket = make('ws://h/s')
    socket.start()
    expect(socket.send({ service: 'hmsg', key: 'k', message: 'm' })).toBe(false)
    sockets[0]!.open()
    expect(socket.send({ serviceCode: 'hmsg', key: 'k', message: 'm' })).toBe(true)
    expect(JSON.parse(sockets[0]!.sent[0]!)).toEqual({ serviceCode: 'hmsg', key: 'k', message: 'm' })
    sockets[0]!.onmessage?.({
      data: '{"key":"hzero-web","type":"U","message":"{\\"tenantId\\":1,\\"number\\":1}"}',
    })
    sockets[0]!.onmessage?.({ data: 'not json' })
    sockets[0]!.onmessage?.({ data: '{"key":1}' })
    expect(frames).toEqual([{ key: 'hzero-web', type: 'U', message: '{"tenantId":1,"number":1}' }])
  })
})
