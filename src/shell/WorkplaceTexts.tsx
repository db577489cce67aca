/**
 * The tenant's static texts (/hpfm/static-text-org) on the home page: the enabled texts in the user's
 * language whose dates hold today (GET current-static-texts), each a notice with its title and text. Nothing
 * is drawn while there are none, or when they cannot be read (the rest of the home page stays usable).
 */
import { Alert, Flex } from 'antd'
import { useEffect, useState } from 'react'
import { useServices, useSession } from '../stores/contexts'

export interface StaticText {
  staticTextId: number
  textCode: string
  title: string
  content: string
}

export function WorkplaceTexts({ active }: { active: boolean }) {
  const { http } = useServices()
  const { user } = useSession()
  const [texts, setTexts] = useState<StaticText[]>([])
  useEffect(() => {
    if (!active || user.currentRoleLevel === 'site') return
    let live = true
    http
      .request<StaticText[]>({
        method: 'GET',
        service: 'hpfm',
        path: `/v1/${user.tenantId}/current-static-texts`,
        silent: true,
      })
      .then((rows) => live && setTexts(Array.isArray(rows) ? rows : []))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [http, user.tenantId, user.language, user.currentRoleLevel, active])
  if (!texts.length) return null
  return (
    <Flex vertical gap={8} data-testid="workplace-texts">
      {texts.map((text) => (
        <Alert
          key={text.staticTextId}
          type="info"
          showIcon
          message={text.title}
          description={<span style={{ whiteSpace: 'pre-wrap' }}>{text.content}</span>}
        />
      ))}
    </Flex>
  )
}
