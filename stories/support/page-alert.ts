import { screen, waitFor } from '@testing-library/react'

/**
 * For tests of story-rendered pages: the page's own alert (an antd Alert). A notification left on screen by an
 * earlier test file of the same worker (files share one document) has the role alert too.
 */
export const findPageAlert = () =>
  waitFor(() => {
    const alert = screen.getAllByRole('alert').find((element) => element.classList.contains('ant-alert'))
    if (!alert) throw new Error('no page alert (antd Alert) on screen yet')
    return alert
  })
