import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd'
import { useEffect, useRef, useState, type PointerEvent } from 'react'
import { useRendererEnv, type PageWidgetProps } from '../../renderer/index'
import { Barcode } from './Barcode'
import { labelById, labelData, saveElements, type LabelTemplate } from './label-calls'
import { readElements, type LabelElement } from './label-elements'
import { useTexts } from '../shared/use-texts'

/** Screen pixels per millimetre on the design canvas. */
const SCALE = 4

/**
 * The label designer (route {labelTemplateId}/{templateHigh}/{templateWidth}): a canvas of that size in mm;
 * text, field and barcode elements are added, dragged into place and edited in the side panel, then saved.
 */
export function LabelDesigner({ params }: PageWidgetProps) {
  const env = useRendererEnv()
  const t = useTexts()
  const width = Math.max(10, Number(params.templateWidth) || 80)
  const height = Math.max(10, Number(params.templateHigh) || 50)
  const [label, setLabel] = useState<LabelTemplate | undefined>()
  const [problem, setProblem] = useState<string | undefined>()
  const [elements, setElements] = useState<LabelElement[]>([])
  const [selected, setSelected] = useState<number | undefined>()
  const [columns, setColumns] = useState<string[]>([])
  const drag = useRef<{ index: number; startX: number; startY: number; x: number; y: number } | undefined>(
    undefined,
  )

  useEffect(() => {
    labelById(env, params.labelTemplateId ?? '').then(
      (loaded) => {
        setLabel(loaded)
        setElements(readElements(loaded.elementsJson))
        if (loaded.datasetCode)
          labelData(env, loaded.templateCode, {}).then(
            (data) => setColumns(data.columns),
            () => undefined,
          )
      },
      (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
    )
  }, [env, params.labelTemplateId])

  const update = (index: number, patch: Partial<LabelElement>) =>
    setElements((all) => all.map((e, i) => (i === index ? { ...e, ...patch } : e)))
  const add = (type: LabelElement['type']) => {
    const element: LabelElement =
      type === 'barcode'
        ? {
            type,
            x: 2,
            y: 2,
            width: Math.min(60, width - 4),
            height: Math.min(15, height - 4),
            field: columns[0] ?? '',
          }
        : {
            type,
            x: 2,
            y: 2,
            width: Math.min(40, width - 4),
            height: 6,
            fontSize: 10,
            ...(type === 'text' ? { text: 'Text' } : { field: columns[0] ?? '' }),
          }
    setElements((all) => [...all, element])
    setSelected(elements.length)
  }
  const onPointerDown = (index: number, event: PointerEvent) => {
    const element = elements[index]
    if (!element) return
    setSelected(index)
    drag.current = { index, startX: event.clientX, startY: event.clientY, x: element.x, y: element.y }
    ;(event.target as Element).setPointerCapture?.(event.pointerId)
  }
  const onPointerMove = (event: PointerEvent) => {
    const d = drag.current
    if (!d) return
    const x = Math.round((d.x + (event.clientX - d.startX) / SCALE) * 2) / 2
    const y = Math.round((d.y + (event.clientY - d.startY) / SCALE) * 2) / 2
    update(d.index, { x: Math.max(0, Math.min(width - 1, x)), y: Math.max(0, Math.min(height - 1, y)) })
  }
  const save = async () => {
    if (!label) return
    try {
      setLabel(await saveElements(env, label, elements))
      env.notify.success(t('hrpt.label.saved'))
    } catch {
      // shown by env.request (e.g. 409 when someone else saved first)
    }
  }

  if (problem)
    return <Alert type="error" showIcon message={t('hrpt.label.unavailable')} description={problem} />
  if (!label) return <Skeleton active />
  const current = selected === undefined ? undefined : elements[selected]
  return (
    <Row gutter={16}>
      <Col flex="auto">
        <Card
          title={`${label.templateName} (${label.templateCode}) · ${width} × ${height} mm`}
          extra={
            <Space>
              <Button onClick={() => add('text')}>{t('hrpt.label.addText')}</Button>
              <Button onClick={() => add('field')}>{t('hrpt.label.addField')}</Button>
              <Button onClick={() => add('barcode')}>{t('hrpt.label.addBarcode')}</Button>
              <Button type="primary" onClick={() => void save()}>
                {t('hrpt.label.save')}
              </Button>
            </Space>
          }
        >
          {(label.templateWidth !== width || label.templateHigh !== height) && (
            <Alert type="warning" message={t('hrpt.label.sizeMismatch')} style={{ marginBottom: 12 }} />
          )}
          <Typography.Paragraph type="secondary">{t('hrpt.label.pick')}</Typography.Paragraph>
          <div
            data-testid="label-canvas"
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = undefined)}
            style={{
              position: 'relative',
              width: width * SCALE,
              height: height * SCALE,
              background: '#fff',
              border: '1px solid #999',
              backgroundImage:
                'linear-gradient(#f0f0f0 1px, transparent 1px), linear-gradient(90deg, #f0f0f0 1px, transparent 1px)',
              backgroundSize: `${5 * SCALE}px ${5 * SCALE}px`,
              touchAction: 'none',
            }}
          >
            {elements.map((element, index) => (
              <div
                key={index}
                role="button"
                aria-label={`${element.type} ${element.text ?? element.field ?? ''}`}
                onPointerDown={(event) => onPointerDown(index, event)}
                style={{
                  position: 'absolute',
                  left: element.x * SCALE,
                  top: element.y * SCALE,
                  width: element.width * SCALE,
                  height: element.height * SCALE,
                  fontSize: (element.fontSize ?? 10) * SCALE * 0.3528,
                  lineHeight: 1.1,
                  overflow: 'hidden',
                  whiteSpace: 'nowrap',
                  cursor: 'move',
                  outline: index === selected ? '2px solid #1677ff' : '1px dotted #aaa',
                  userSelect: 'none',
                }}
              >
                {element.type === 'barcode' ? (
                  <Barcode
                    value={element.field ? `{${element.field}}` : 'BARCODE'}
                    width="100%"
                    height="100%"
                  />
                ) : element.type === 'text' ? (
                  element.text
                ) : (
                  `{${element.field ?? ''}}`
                )}
              </div>
            ))}
          </div>
        </Card>
      </Col>
      <Col flex="320px">
        <Card title={current ? `${t('hrpt.label.type')}: ${current.type}` : t('hrpt.label.type')}>
          {current === undefined || selected === undefined ? (
            <Empty description={t('hrpt.label.pick')} />
          ) : (
            <Form layout="vertical">
              <Space wrap>
                {(['x', 'y', 'width', 'height'] as const).map((key) => (
                  <Form.Item key={key} label={`${key} (mm)`}>
                    <InputNumber
                      min={0}
                      max={key === 'x' || key === 'width' ? width : height}
                      step={0.5}
                      value={current[key]}
                      onChange={(value) => update(selected, { [key]: Number(value ?? 0) })}
                    />
                  </Form.Item>
                ))}
              </Space>
              {current.type !== 'barcode' && (
                <Form.Item label={t('hrpt.label.fontSize')}>
                  <InputNumber
                    min={4}
                    max={72}
                    value={current.fontSize ?? 10}
                    onChange={(value) => update(selected, { fontSize: Number(value ?? 10) })}
                  />
                </Form.Item>
              )}
              {current.type === 'text' ? (
                <Form.Item label={t('hrpt.label.text')}>
                  <Input
                    value={current.text}
                    maxLength={200}
                    onChange={(event) => update(selected, { text: event.target.value })}
                  />
                </Form.Item>
              ) : (
                <Form.Item label={t('hrpt.label.field')}>
                  <Select
                    showSearch
                    value={current.field}
                    options={columns.map((c) => ({ value: c, label: c }))}
                    onChange={(value) => update(selected, { field: value })}
                  />
                </Form.Item>
              )}
              <Button
                danger
                onClick={() => {
                  setElements((all) => all.filter((_, i) => i !== selected))
                  setSelected(undefined)
                }}
              >
                {t('hrpt.label.remove')}
              </Button>
            </Form>
          )}
        </Card>
      </Col>
    </Row>
  )
}

export default LabelDesigner
