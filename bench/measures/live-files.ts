/**
 * Measure 10 (issue 22, live files): from saving a page file to the open browsers being told to reload it. A
 * server with LIVE_SCHEMAS on a fresh database and a temporary pages folder; a notice socket signed in as the
 * administrator; each round writes a changed page file and times writeFile → the `page-schema-changed` frame on the
 * socket (the watcher's 100 ms debounce, the shared check, the menu entry, the broadcast). What the browser
 * then does (fetch the page, render it) is the first-page figure of measure 1b, not repeated here.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from '../../server/start.ts'
import type { Figure } from '../lib/report.ts'
import { median, percentile } from '../lib/stats.ts'
import { signInToken } from './server.ts'

const ROUNDS = 20

/** What this measure uses of a `ws` client (Node 20 has no WebSocket of its own; ws ships no types here). */
interface WsClient {
  once(event: 'open' | 'error', listener: (value: unknown) => void): WsClient
  on(event: 'message', listener: (data: unknown) => void): WsClient
  close(): void
}
const wsModule = 'ws'
const { default: WebSocket } = (await import(wsModule)) as unknown as {
  default: new (url: string) => WsClient
}

const page = (round: number) =>
  JSON.stringify(
    {
      kind: 'list',
      route: '/bench/live-carriers',
      title: 'bench.live.title',
      description: `Round ${round}: a page saved while the server runs.`,
      dataSource: {
        service: 'wms',
        path: '/v1/{tenantId}/carriers',
        model: 'wms/carrier',
        primaryKey: 'carrierId',
      },
      fields: { carrierCode: { label: 'bench.live.code', widget: 'Input' } },
      table: { columns: [{ field: 'carrierCode' }] },
      texts: {
        'bench.live.title': { zh_CN: '承运商', en_US: `Carriers ${round}`, zh_TW: '承運商' },
        'bench.live.code': { zh_CN: '编码', en_US: 'Code', zh_TW: '編碼' },
      },
      menu: { parent: 'wmdm', title: { zh_CN: '承运商', en_US: `Carriers ${round}`, zh_TW: '承運商' } },
      grants: { 'wh-clerk': [] },
    },
    null,
    2,
  )

export async function liveFiles(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'wms-bench-live-'))
  const pages = join(dir, 'pages')
  mkdirSync(pages)
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: join(dir, 'data'),
    pagesDir: pages,
    staticDir: join(dir, 'no-static'),
    liveSchemas: true,
  })
  try {
    const token = await signInToken(server.url)
    const socket = new WebSocket(
      `${server.url.replace(/^http/, 'ws')}/api/hmsg/websocket?access_token=${token}`,
    )
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const heard: Array<(version: number) => void> = []
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { key: string; message: string }
      if (frame.key === 'page-schema-changed')
        heard.shift()?.((JSON.parse(frame.message) as { version: number }).version)
    })
    const times: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const told = new Promise<number>((resolve) => heard.push(resolve))
      const started = performance.now()
      await writeFile(join(pages, 'live.page.json'), page(round))
      await told
      times.push(performance.now() - started)
      // A pause longer than the debounce, so each round is one save.
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    socket.close()
    return [
      {
        measure: '10 live files: page file saved → browsers told (median)',
        value: median(times),
        unit: 'ms',
        budget: 1000,
        budgetOn: 'value',
        note: `${ROUNDS} saves; p95 ${percentile(times, 95).toFixed(0)} ms; includes the 100 ms debounce`,
      },
    ]
  } finally {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
