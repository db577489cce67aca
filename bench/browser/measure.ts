/** In-page measuring: "painted" is the first frame after the DOM shows what was waited for. */

/** Resolves after the next frame has been produced (rAF, then a task after it). */
export const nextPaint = () =>
  new Promise<number>((resolve) =>
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)),
  )

/** Calls `done(ms since navigation start)` once `selector` matches `count` elements and a frame was painted. */
export function whenPainted(selector: string, count: number, done: (ms: number) => void): void {
  const check = () => {
    if (document.querySelectorAll(selector).length >= count) {
      observer.disconnect()
      void nextPaint().then(done)
    }
  }
  const observer = new MutationObserver(check)
  observer.observe(document.body, { childList: true, subtree: true })
  check()
}

export function publish(figures: Record<string, number | string>): void {
  window.__bench = { ...window.__bench, ...figures }
}

/**
 * Keystroke to paint: from the keydown of each key typed into `input` to the frame after its input event.
 * The driver types; this records one figure per key in `window.__bench.keys` (comma-separated).
 */
export function recordKeystrokes(input: HTMLElement): void {
  const times: number[] = []
  let start = 0
  input.addEventListener('keydown', () => (start = performance.now()), true)
  input.addEventListener('input', () => {
    const from = start
    void nextPaint().then((end) => {
      times.push(end - from)
      publish({ keys: times.map((t) => t.toFixed(2)).join(',') })
    })
  })
}

/** Scrolls `scroller` by `step` px per frame, `frames` times; publishes the frame intervals. */
export async function scrollFrames(scroller: Element, frames: number, step: number): Promise<void> {
  const intervals: number[] = []
  let last = performance.now()
  for (let i = 0; i < frames; i++) {
    scroller.scrollTop += step
    scroller.dispatchEvent(new Event('scroll'))
    const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve))
    intervals.push(now - last)
    last = now
  }
  publish({ frames: intervals.map((t) => t.toFixed(2)).join(',') })
}

/** Marks the `index`th (1-based) match of `selector` with data-bench="target" for the driver to type into. */
export function markTarget(selector: string, index: number): void {
  const target = document.querySelectorAll<HTMLElement>(selector)[index - 1]
  if (!target) {
    publish({ error: `no ${index}th '${selector}'` })
    return
  }
  target.dataset.bench = 'target'
  recordKeystrokes(target)
}
