import { DownloadOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons'
import { Alert, Button, Modal, Space, Typography } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import {
  ApiError,
  designMark,
  inheritModel,
  loadPageSource,
  SchemaPage,
  usePageContext,
  usePermission,
  useRegistry,
  useRendererEnv,
  type ListPage,
  type ModelFacts,
  type PageWidgetProps,
  type SchemaIssue,
} from '../../renderer/index'
import {
  canRedo,
  canUndo,
  currentText,
  editPageDocument,
  isDirty,
  markSaved,
  openPageDocument,
  PageEditError,
  redoPageDocument,
  undoPageDocument,
  type ModelSchema,
  type PageDocument,
  type PageEdit,
} from '../../renderer/page-document/index'
import { validatePage } from '../../renderer/validation'
import pageSchema from '../../schemas/page.schema.json'
import {
  designerGroups,
  designerLists,
  labelKeyOf,
  markOfSelection,
  selectionOfMark,
  textKeysAt,
  textKeysOf,
  valueAt,
  type DesignerElement,
  type DesignerList,
} from './designer-elements'
import { DesignerOutline, itemKey } from './DesignerOutline'
import { DesignSurface } from './DesignSurface'
import { FormPreview } from './FormPreview'
import { DiffView } from './DiffView'
import { NewModelFieldForm, postModelField, withNewField, type NewFieldValues } from './NewModelField'
import { propertiesOf, type JsonSchema } from './property-schema'
import { PropertyPanel } from './PropertyPanel'
import { TextsPanel, type PageTextEntries } from './TextsPanel'
import {
  downloadText,
  PAGE_DESIGNER_PERMISSION,
  saveDesignerFile,
  useDesignerFile,
  type DesignerFile,
} from './use-designer-file'

export { PAGE_DESIGNER_PERMISSION }

/**
 * The page designer (a custom page, ?route=/module/page): the page file of that route as it renders, its search
 * fields, columns and form fields to select, reorder and add from its model, a property panel from the page
 * language, its texts in three languages, undo/redo, and the file's diff before it is saved. Loaded on demand.
 */
export default function PageDesigner({ search }: PageWidgetProps) {
  const env = useRendererEnv()
  const { t } = usePageContext()
  const access = usePermission(PAGE_DESIGNER_PERMISSION)
  const route = search?.get('route') ?? undefined
  const file = useDesignerFile(env, route, access.status === 'approved')
  if (access.status === 'pending') return null
  if (access.status === 'denied') return <Alert type="warning" showIcon message={t('hpfm.designer.denied')} />
  if (!route) return <Alert type="info" showIcon message={t('hpfm.designer.noRoute')} />
  if (file.status === 'failed')
    return <Alert type="error" showIcon message={t('hpfm.designer.openFailed', { message: file.message })} />
  if (file.status === 'loading') return null
  return <Designer key={file.loaded.version} loaded={file.loaded} />
}

function Designer({ loaded: opened }: { loaded: DesignerFile }) {
  const env = useRendererEnv()
  const registry = useRegistry()
  const { t } = usePageContext()
  const [loaded, setLoaded] = useState(opened)
  const [doc, setDoc] = useState<PageDocument>(() => openPageDocument(opened.file, opened.source))
  const [selected, setSelected] = useState<string>()
  const [reviewing, setReviewing] = useState(false)
  const [saving, setSaving] = useState(false)
  const [saveError, setSaveError] = useState<{ message: string; problems: string[] }>()
  const [newFieldFor, setNewFieldFor] = useState<DesignerList>()
  const model = loaded.model ? ({ fields: loaded.model.fields } as ModelSchema) : undefined

  const text = currentText(doc)
  const page = useMemo(() => JSON.parse(text) as Record<string, unknown>, [text])
  // What the page inherits, as the app gets it: the facts of its models served with the page (its lifecycle
  // for the transition row actions), with the designer's model fields (a field added here counts at once).
  const [served, setServed] = useState<Record<string, ModelFacts>>({})
  useEffect(() => {
    let live = true
    loadPageSource(env, loaded.route).then(
      (source) => live && setServed(source.models ?? {}),
      () => undefined, // a page the server does not serve yet: its fields still inherit the model below
    )
    return () => {
      live = false
    }
  }, [env, loaded.route])
  const models = useMemo(() => {
    if (!loaded.model) return served
    const facts = served[loaded.model.key]
    return { ...served, [loaded.model.key]: { ...facts, fields: loaded.model.fields } }
  }, [served, loaded.model])
  /** The page as it renders (previews, checks); edits and the saved file stay the file's own text. */
  const rendered = useMemo(() => inheritModel(page, models) as Record<string, unknown>, [page, models])
  const widgetNames = useMemo(() => registry.names(), [registry])
  const issues = useMemo(
    () => validatePage(rendered, { file: loaded.file, source: text, widgetNames, allStages: true }).issues,
    [rendered, text, loaded.file, widgetNames],
  )
  const lists = useMemo(() => designerLists(page), [page])
  const groups = useMemo(() => designerGroups(page), [page])
  const texts = (page.texts ?? {}) as PageTextEntries
  const language = env.user.language
  const nameOf = (field: string) => {
    const key = labelKeyOf(page, field)
    const entry = key ? texts[key] : undefined
    const modelLabel = loaded.model?.fields.find((f) => f.name === field)?.label
    return entry?.[language] || entry?.en_US || modelLabel || field
  }
  const textOf = (key: string) => texts[key]?.[language] || texts[key]?.en_US || key
  const nameOfElement = (element: DesignerElement) =>
    element.textKey ? textOf(element.textKey) : element.fallback
  const addable = (list: DesignerList) => {
    const present = new Set(list.items.map((item) => item.field))
    const inForm = new Set(
      lists.filter((l) => l.kind === 'formField').flatMap((l) => l.items.map((i) => i.field)),
    )
    return (loaded.model?.fields ?? [])
      .filter((f) => f.type !== 'json' && !present.has(f.name))
      .filter((f) =>
        list.kind === 'search' ? f.searchable : list.kind === 'formField' ? !inForm.has(f.name) : true,
      )
      .map((f) => f.name)
  }

  const addEdit = (list: DesignerList, field: string): PageEdit =>
    list.kind === 'search'
      ? { op: 'addSearchField', field }
      : list.kind === 'column'
        ? { op: 'addColumn', field }
        : { op: 'addFormField', section: list.section ?? 0, field }

  /** The field goes into the model file on the server first; the page edit that shows it is one undo step. */
  const addNewField = async (list: DesignerList, values: NewFieldValues) => {
    const answer = await postModelField(env, loaded.model!.key, values)
    setLoaded({ ...loaded, model: answer.model })
    const next = withNewField(text, addEdit(list, values.name), values.name, values.labels, answer.model)
    setDoc({ ...doc, versions: [...doc.versions.slice(0, doc.at + 1), next], at: doc.at + 1 })
    setNewFieldFor(undefined)
    env.notify.success(t('hpfm.designer.newField.added', { field: values.name, file: answer.file }))
  }

  const edit = (change: PageEdit) => {
    try {
      setDoc(editPageDocument(doc, change, model ? { model } : {}))
    } catch (error) {
      if (!(error instanceof PageEditError)) throw error
      env.notify.error(error.message)
    }
  }

  const selection = lists.flatMap((list) =>
    list.items.filter((item) => itemKey(list, item.field) === selected).map((item) => ({ list, item })),
  )[0]
  const element = groups.flatMap((group) => group.items).find((e) => e.pointer === selected)

  const save = async () => {
    setSaving(true)
    setSaveError(undefined)
    try {
      const answer = await saveDesignerFile(env, {
        route: loaded.route,
        source: text,
        version: loaded.version,
        file: loaded.file,
      })
      setLoaded({ ...loaded, source: text, version: answer.version })
      setDoc(markSaved(doc))
      setReviewing(false)
      env.notify.success(t('hpfm.designer.saved', { file: answer.file }))
    } catch (error) {
      const failure = error instanceof Error ? error.message : String(error)
      if (error instanceof ApiError && error.code === 'error.page_designer.read_only')
        setLoaded({ ...loaded, writable: false, writableReason: failure })
      setSaveError({
        message: failure,
        problems: error instanceof ApiError && error.fields ? Object.values(error.fields) : [],
      })
    } finally {
      setSaving(false)
    }
  }

  const errors = issues.filter((issue) => issue.severity === 'error')
  return (
    <div style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Space wrap>
        <Typography.Text code>{loaded.file}</Typography.Text>
        <Button
          icon={<UndoOutlined />}
          disabled={!canUndo(doc)}
          onClick={() => setDoc(undoPageDocument(doc))}
        >
          {t('hpfm.designer.undo')}
        </Button>
        <Button
          icon={<RedoOutlined />}
          disabled={!canRedo(doc)}
          onClick={() => setDoc(redoPageDocument(doc))}
        >
          {t('hpfm.designer.redo')}
        </Button>
        <Button type="primary" disabled={!isDirty(doc)} onClick={() => setReviewing(true)}>
          {t('hpfm.designer.review')}
        </Button>
      </Space>
      {!loaded.writable ? (
        <Alert
          type="warning"
          showIcon
          message={t('hpfm.designer.readOnly', { reason: loaded.writableReason ?? '' })}
          action={
            <Button icon={<DownloadOutlined />} onClick={() => downloadText(loaded.file, text)}>
              {t('hpfm.designer.download')}
            </Button>
          }
        />
      ) : null}
      {errors.length ? <IssueList issues={errors} title={t('hpfm.designer.issues')} /> : null}
      <div style={{ display: 'grid', gridTemplateColumns: '260px minmax(0, 1fr) 380px', gap: 16 }}>
        <DesignerOutline
          lists={lists}
          groups={groups}
          textOf={textOf}
          nameOfElement={nameOfElement}
          onSelectElement={(e) => setSelected(e.pointer)}
          nameOf={nameOf}
          addable={addable}
          selected={selected}
          onSelect={(list, item) => setSelected(itemKey(list, item.field))}
          onMove={(list, from, to) => edit({ op: 'move', list: list.pointer, from, to })}
          onRemove={(list, index) => edit({ op: 'remove', list: list.pointer, index })}
          onAdd={(list, field) => edit(addEdit(list, field))}
          onNewField={loaded.model && loaded.writable ? setNewFieldFor : undefined}
        />
        <div style={{ border: '1px dashed #d9d9d9', borderRadius: 6, minWidth: 0 }}>
          <DesignSurface
            label={t('hpfm.designer.preview')}
            file={loaded.file}
            selectedMark={selected ? markOfSelection(page, selected) : undefined}
            onPick={(mark) => {
              const key = selectionOfMark(page, mark)
              if (key) setSelected(key)
            }}
          >
            <Typography.Text type="secondary" style={{ display: 'block', padding: '8px 16px 0' }}>
              {t('hpfm.designer.pickHint')}
            </Typography.Text>
            {typeof page.title === 'string' ? (
              <Typography.Title level={4} style={{ margin: '8px 16px 0' }} {...designMark('/title')}>
                {nameOfElement({ pointer: '/title', textKey: page.title, fallback: page.title })}
              </Typography.Title>
            ) : null}
            <SchemaPage page={rendered} source={text} file={loaded.file} params={{}} />
            {page.kind === 'list' && !errors.length ? (
              <FormPreview key={text} page={rendered as unknown as ListPage} file={loaded.file} />
            ) : null}
          </DesignSurface>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          {selection ? (
            <>
              <PropertyPanel
                key={selection.item.pointer}
                title={`${nameOf(selection.item.field)} (${selection.item.pointer})`}
                pointer={selection.item.pointer}
                properties={propertiesOf(pageSchema as JsonSchema, selection.item.definition)}
                value={(valueAt(page, selection.item.pointer) ?? {}) as Record<string, unknown>}
                issues={issues.filter(
                  (i) =>
                    i.pointer === selection.item.pointer ||
                    i.pointer.startsWith(`${selection.item.pointer}/`),
                )}
                onSet={(property, value) =>
                  edit({ op: 'set', pointer: `${selection.item.pointer}/${property}`, value })
                }
              />
              <TextsPanel
                keys={textKeysOf(page, selection.item)}
                texts={texts}
                onSetText={(key, lang, value) => edit({ op: 'setText', key, language: lang, text: value })}
              />
            </>
          ) : element ? (
            <>
              {element.definition ? (
                <PropertyPanel
                  key={element.pointer}
                  title={`${nameOfElement(element)} (${element.pointer})`}
                  pointer={element.pointer}
                  properties={propertiesOf(
                    pageSchema as JsonSchema,
                    element.definition,
                    valueAt(page, element.pointer),
                  )}
                  value={(valueAt(page, element.pointer) ?? {}) as Record<string, unknown>}
                  issues={issues.filter(
                    (i) => i.pointer === element.pointer || i.pointer.startsWith(`${element.pointer}/`),
                  )}
                  onSet={(property, value) =>
                    edit({ op: 'set', pointer: `${element.pointer}/${property}`, value })
                  }
                />
              ) : (
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  {`${nameOfElement(element)} (${element.pointer})`}
                </Typography.Title>
              )}
              <TextsPanel
                keys={textKeysAt(page, [element.pointer])}
                texts={texts}
                onSetText={(key, lang, value) => edit({ op: 'setText', key, language: lang, text: value })}
              />
            </>
          ) : (
            <Typography.Paragraph type="secondary">{t('hpfm.designer.nothingSelected')}</Typography.Paragraph>
          )}
        </div>
      </div>
      {loaded.model ? (
        <NewModelFieldForm
          open={!!newFieldFor}
          model={loaded.model.key}
          onCancel={() => setNewFieldFor(undefined)}
          onSubmit={(values) => addNewField(newFieldFor!, values)}
        />
      ) : null}
      <Modal
        open={reviewing}
        width={900}
        title={t('hpfm.designer.review')}
        onCancel={() => setReviewing(false)}
        footer={[
          <Button key="download" icon={<DownloadOutlined />} onClick={() => downloadText(loaded.file, text)}>
            {t('hpfm.designer.download')}
          </Button>,
          <Button
            key="save"
            type="primary"
            loading={saving}
            disabled={!loaded.writable}
            onClick={() => void save()}
          >
            {t('hpfm.designer.save')}
          </Button>,
        ]}
      >
        {saveError ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            message={t('hpfm.designer.saveFailed', { message: saveError.message })}
            description={
              saveError.problems.length ? (
                <ul style={{ margin: 0, paddingLeft: 16 }}>
                  {saveError.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        ) : null}
        <DiffView file={loaded.file} before={doc.original} after={text} />
      </Modal>
    </div>
  )
}

function IssueList({ issues, title }: { issues: SchemaIssue[]; title: string }) {
  return (
    <Alert
      type="error"
      showIcon
      message={title}
      description={
        <ul style={{ margin: 0, paddingLeft: 16 }}>
          {issues.slice(0, 10).map((issue) => (
            <li key={`${issue.pointer}:${issue.message}`}>
              <code>{issue.pointer || '/'}</code> {issue.message}
              {issue.suggestion ? ` (${issue.suggestion})` : ''}
            </li>
          ))}
        </ul>
      }
    />
  )
}
