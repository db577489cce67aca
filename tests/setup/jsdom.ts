import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { message, Modal, notification } from 'antd'
import { afterEach } from 'vitest'

afterEach(() => {
  cleanup()
  // antd's notifications, messages and confirm dialogs live outside the rendered tree: clear them too, so the
  // next test (files share one document, see vitest.config.ts) starts from an empty page. Their containers stay:
  // antd keeps rendering into the same ones.
  notification.destroy()
  message.destroy()
  Modal.destroyAll()
})

// findBy*/waitFor give up after 1 s by default; a lazily loaded chunk on a busy 2-core machine can take longer.
configure({ asyncUtilTimeout: 5000 })

// antd reads these; jsdom lacks them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}

/*
 * jsdom's getComputedStyle matches every rule of every style sheet against the element and its ancestors, and
 * antd's CSS-in-JS injects thousands of rules: Testing Library's role queries and accessible names then spent
 * ~60% of a form test's time there (measured with --cpu-prof). Unit tests assert what is rendered, not how it
 * is styled, so antd's generated sheets are kept as text but not parsed as CSS (a `type` jsdom ignores).
 * Elements antd hides with inline styles or by unmounting stay hidden; browser tests cover the styling.
 */
{
  const ignoreGeneratedStyle = (node: Node) => {
    if (node instanceof HTMLStyleElement && node.hasAttribute('data-rc-order')) {
      node.setAttribute('type', 'text/x-antd-css')
    }
  }
  const { appendChild, insertBefore } = Node.prototype
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    ignoreGeneratedStyle(node)
    return appendChild.call(this, node) as T
  }
  Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    ignoreGeneratedStyle(node)
    return insertBefore.call(this, node, child) as T
  }
  // jsdom does not implement getComputedStyle for pseudo-elements and logs each call; none is needed.
  const computed = window.getComputedStyle.bind(window)
  const emptyStyle = document.createElement('div').style
  window.getComputedStyle = (element: Element, pseudoElement?: string | null) =>
    pseudoElement ? emptyStyle : computed(element)
}
