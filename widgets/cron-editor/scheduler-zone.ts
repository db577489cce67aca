/**
 * The zone the scheduler fires jobs in and the zone of the server's wire date-times (GET
 * hsdr/v1/{tenantId}/scheduler/time-zone; server/README.md "Cron and time zones"), read once per environment.
 * Previews use the scheduler's zone, never the browser's, so the editor shows the runs the server will make.
 */
import { useEffect, useState } from 'react'
import { useRendererEnv, type RendererEnv } from '../../renderer/index'

export interface SchedulerZones {
  /** Jobs fire in this zone. */
  timeZone: string
  /** The server's local time: the zone of wire date-times such as nextFireTime. */
  serverTimeZone: string
}

const asked = new WeakMap<RendererEnv, Promise<SchedulerZones | undefined>>()

function schedulerZones(env: RendererEnv): Promise<SchedulerZones | undefined> {
  let answer = asked.get(env)
  if (!answer) {
    answer = env
      .request<SchedulerZones>({
        method: 'GET',
        service: 'hsdr',
        path: `/v1/${env.user.tenantId}/scheduler/time-zone`,
        silent: true,
      })
      .then(
        (zones) => (zones && typeof zones.timeZone === 'string' ? zones : undefined),
        () => undefined,
      )
    asked.set(env, answer)
  }
  return answer
}

/** The scheduler's zones; undefined while they are read, or when the server could not say. */
export function useSchedulerZones(): SchedulerZones | undefined {
  const env = useRendererEnv()
  const [zones, setZones] = useState<SchedulerZones>()
  useEffect(() => {
    let live = true
    void schedulerZones(env).then((answer) => live && setZones(answer))
    return () => {
      live = false
    }
  }, [env])
  return zones
}
