/**
 * Entry. Settles the session from the address first (token in the hash, public page, or off to sign in);
 * only a browser that stays here loads React, antd and the shell.
 */
import { startSession } from './session/start-session'

const container = document.getElementById('root')
if (!container) {
  throw new Error('index.html: the element <div id="root"> is missing; the app has nowhere to render.')
}

const start = startSession()
if (start.kind !== 'signing-in') {
  import('./boot').then(
    ({ boot }) => boot(start, container),
    (error: unknown) => {
      // The app's code could not be fetched (deployment in progress, network down): say so, offer a reload.
      const reason = error instanceof Error ? error.message : String(error)
      container.innerHTML =
        '<p style="font-family:sans-serif;padding:24px">The application could not be loaded ' +
        '(应用加载失败). <a href="">Reload / 重新加载</a></p>'
      console.error(`src/main.ts: loading the app failed: ${reason}`)
    },
  )
}
