import { ListHandPage } from '../browser/cases/ListHand'
import { AppShell } from './Shell'

/** Measure 1, baseline: the same list page written by hand with antd, as a page of the app (same providers). */
export default function ListHandApp() {
  return (
    <AppShell>
      <ListHandPage />
    </AppShell>
  )
}
