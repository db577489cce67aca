import { useEffect } from 'react'
import { markTarget, publish, whenPainted } from '../measure'

/**
 * Measure 2's floor: one bare `<input>` timed by the same keystroke harness. Keydown to the frame after the input
 * event waits for the next frame even when no script runs (up to one frame, 16.7 ms at 60 Hz), so this is the
 * least any form can score on this machine in this run.
 */
export default function InputFloor() {
  useEffect(
    () =>
      whenPainted('input.floor', 1, (ms) => {
        publish({ painted: ms })
        markTarget('input.floor', 1)
      }),
    [],
  )
  return <input className="floor" aria-label="floor" />
}
