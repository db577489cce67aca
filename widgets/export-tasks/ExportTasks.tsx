import { Button, Drawer, Form, Input, Select, Space, Table, Tag, Typography } from 'antd'
import { useCallback, useEffect, useState } from 'react'
import {
  EXPORT_LOOKUPS,
  useLookup,
  useRendererEnv,
  type ExportTask,
  type ExportTaskState,
} from '../../renderer/index'
import { useSharedTexts } from '../shared/use-shared-texts'
import { cancelTask, downloadTaskFile, listTasks, retryTask, type TaskSearch } from './task-calls'

export interface ExportTasksProps {
  open: boolean
  onClose(): void
}

/** CORE-EXP-16: DONE green, CANCELLED red; DOING shows as running, FAILED as a warning. */
export const STATE_COLOURS: Record<ExportTaskState, string> = {
  DONE: 'green',
  DOING: 'processing',
  CANCELLED: 'red',
  FAILED: 'orange',
}
/** While a task is DOING the list refreshes itself this often. */
export const TASK_REFRESH_MS = 5000
const PAGE_SIZE = 10

/**
 * The async export drawer (CORE-EXP-14..21): the user's tasks with a search by task code, name and state,
 * paged on the server; download when DONE with a URL, cancel after confirmation when DOING, run again when
 * FAILED or CANCELLED, and a second drawer with a task's error info.
 */
export function ExportTasks({ open, onClose }: ExportTasksProps) {
  const env = useRendererEnv()
  const t = useSharedTexts()
  const states = useLookup(EXPORT_LOOKUPS.taskState)
  const [form] = Form.useForm<TaskSearch>()
  const [search, setSearch] = useState<TaskSearch>({})
  const [page, setPage] = useState(0)
  const [data, setData] = useState<{ rows: ExportTask[]; total: number; loading: boolean }>({
    rows: [],
    total: 0,
    loading: true,
  })
  const [errorTask, setErrorTask] = useState<ExportTask | undefined>()
  const [tick, setTick] = useState(0)
  const refresh = useCallback(() => setTick((n) => n + 1), [])
  const fail = (error: unknown) => env.notify.error(error instanceof Error ? error.message : String(error))

  useEffect(() => {
    if (!open) return
    let live = true
    setData((d) => ({ ...d, loading: true }))
    listTasks(env, search, page, PAGE_SIZE).then(
      (result) => live && setData({ rows: result.rows, total: result.total, loading: false }),
      (error: unknown) => {
        if (!live) return
        setData({ rows: [], total: 0, loading: false })
        fail(error)
      },
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fail only notifies
  }, [env, open, search, page, tick])

  const running = open && data.rows.some((task) => task.state === 'DOING')
  useEffect(() => {
    if (!running) return
    const timer = setInterval(refresh, TASK_REFRESH_MS)
    return () => clearInterval(timer)
  }, [running, refresh])

  const stateText = (state: ExportTaskState) =>
    states.values.find((v) => v.value === state)?.meaning ?? t(`export.tasks.state.${state}`)

  const cancel = async (task: ExportTask) => {
    if (!(await env.confirm({ title: t('export.tasks.confirmCancel'), danger: true }))) return
    try {
      await cancelTask(env, task.taskCode)
      env.notify.success(t('export.tasks.cancelled')) // CORE-EXP-19 (X-09: 'Operation successful')
      refresh()
    } catch (error) {
      fail(error) // CORE-EXP-20: the server's message, the list unchanged
    }
  }
  const retry = async (task: ExportTask) => {
    try {
      const { uuid } = await retryTask(env, task.taskCode)
      env.notify.success(t('export.message.asyncSubmitted', { uuid }))
      refresh()
    } catch (error) {
      fail(error)
    }
  }
  const download = (task: ExportTask) => downloadTaskFile(env, task).catch(fail)

  return (
    <Drawer open={open} onClose={onClose} title={t('export.tasks.title')} width={960} destroyOnHidden>
      <Form<TaskSearch>
        form={form}
        layout="inline"
        role="search"
        onFinish={(values) => {
          setPage(0)
          setSearch(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')))
        }}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item name="taskCode" label={t('export.tasks.taskCode')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="taskName" label={t('export.tasks.taskName')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="state" label={t('export.tasks.state')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={(['DOING', 'DONE', 'CANCELLED', 'FAILED'] as const).map((value) => ({
              value,
              label: stateText(value),
            }))}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common.action.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields()
              setPage(0)
              setSearch({})
            }}
          >
            {t('common.action.reset')}
          </Button>
          <Button onClick={refresh}>{t('export.tasks.refresh')}</Button>
        </Space>
      </Form>
      <Table<ExportTask>
        rowKey="taskId"
        size="small"
        loading={data.loading}
        dataSource={data.rows}
        locale={{ emptyText: t('export.tasks.empty') }}
        pagination={{
          current: page + 1,
          pageSize: PAGE_SIZE,
          total: data.total,
          showSizeChanger: false,
          showTotal: (total) => t('common.table.total', { total }),
          onChange: (next) => setPage(next - 1),
        }}
        columns={[
          { title: t('export.tasks.taskCode'), dataIndex: 'taskCode', width: 170 },
          { title: t('export.tasks.taskName'), dataIndex: 'taskName', ellipsis: true },
          { title: t('export.tasks.serviceName'), dataIndex: 'serviceName', width: 80 },
          {
            title: t('export.tasks.state'),
            dataIndex: 'state',
            width: 110,
            render: (state: ExportTaskState) => (
              <Tag color={STATE_COLOURS[state]} data-state={state}>
                {stateText(state)}
              </Tag>
            ),
          },
          {
            title: t('export.tasks.progress'),
            key: 'progress',
            width: 120,
            render: (_, task) => (task.totalCount == null ? '-' : `${task.doneCount} / ${task.totalCount}`),
          },
          { title: t('export.tasks.endDateTime'), dataIndex: 'endDateTime', width: 160 },
          {
            title: t('export.tasks.actions'),
            key: 'actions',
            width: 190,
            render: (_, task) => (
              <Space size={0} wrap>
                {task.state === 'DONE' && task.downloadUrl ? (
                  <Button type="link" size="small" onClick={() => void download(task)}>
                    {t('export.tasks.download')}
                  </Button>
                ) : null}
                {task.state === 'DOING' ? (
                  <Button type="link" size="small" danger onClick={() => void cancel(task)}>
                    {t('export.tasks.cancel')}
                  </Button>
                ) : null}
                {task.state === 'FAILED' || task.state === 'CANCELLED' ? (
                  <Button type="link" size="small" onClick={() => void retry(task)}>
                    {t('export.tasks.retry')}
                  </Button>
                ) : null}
                {task.errorInfo ? (
                  <Button type="link" size="small" onClick={() => setErrorTask(task)}>
                    {t('export.tasks.errorInfo')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        open={!!errorTask}
        onClose={() => setErrorTask(undefined)}
        title={`${t('export.tasks.errorInfo')} · ${errorTask?.taskCode ?? ''}`}
        width={520}
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="export-error-info">
          {errorTask?.errorInfo}
        </Typography.Paragraph>
      </Drawer>
    </Drawer>
  )
}
