import { act, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { expect, test } from 'vitest'
import { useReturnFocus } from './use-return-focus'

function Panel() {
  useReturnFocus()
  return <input aria-label="inside" autoFocus />
}

function Host() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button onClick={() => setOpen(!open)}>opener</button>
      {open ? <Panel /> : null}
    </>
  )
}

test('the focus goes back to the opener when the panel unmounts', async () => {
  render(<Host />)
  const opener = screen.getByRole('button', { name: 'opener' })
  opener.focus()
  act(() => opener.click())
  expect(screen.getByLabelText('inside')).toHaveFocus()
  act(() => opener.click())
  await waitFor(() => expect(opener).toHaveFocus())
})
