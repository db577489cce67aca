/**
 * The dialog of the data hierarchy switcher for the levels shown as MODAL (CORE-USR-03): a select per level;
 * OK saves what changed, parents first. A level under another takes its options from the chosen parent.
 */
import { Form, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type {
  DataHierarchyApi,
  DataHierarchyChoice,
  DataHierarchyLevel,
  DataHierarchyOption,
} from '../../renderer/index'
import { LevelSelect } from '../../widgets/data-hierarchy/LevelSelect'

export interface DataHierarchyModalProps {
  open: boolean
  api: DataHierarchyApi
  /** Every level (parents of modal levels may be select levels). */
  levels: DataHierarchyLevel[]
  modalList: DataHierarchyLevel[]
  saving: boolean
  onSave(choices: DataHierarchyChoice[]): Promise<boolean>
  onClose(): void
}

export function DataHierarchyModal(props: DataHierarchyModalProps) {
  const { open, api, levels, modalList, saving, onSave, onClose } = props
  const { t } = useTranslation()
  const [draft, setDraft] = useState<Record<string, DataHierarchyOption>>({})
  const parentOf = (level: DataHierarchyLevel) => levels.find((l) => l.dataHierarchyCode === level.parentCode)
  /** A level whose parent (or grandparent…) has a new value: its saved value no longer applies. */
  const stale = (level: DataHierarchyLevel): boolean => {
    const parent = parentOf(level)
    return parent !== undefined && (draft[parent.dataHierarchyCode] !== undefined || stale(parent))
  }
  const current = (level: DataHierarchyLevel) =>
    draft[level.dataHierarchyCode]?.value ?? (stale(level) ? undefined : level.dataHierarchyValue)
  // Levels as the user has them now, drafts included, so a child lists the values of its new parent.
  const drafted = levels.map((l) => ({ ...l, dataHierarchyValue: current(l) }))
  const choices = modalList
    .filter((level) => draft[level.dataHierarchyCode])
    .map((level) => ({
      dataHierarchyCode: level.dataHierarchyCode,
      dataHierarchyValue: draft[level.dataHierarchyCode]!.value,
      dataHierarchyMeaning: draft[level.dataHierarchyCode]!.meaning,
    }))
  const choose = (level: DataHierarchyLevel, option: DataHierarchyOption | undefined) => {
    setDraft((before) => {
      const next = { ...before }
      if (option) next[level.dataHierarchyCode] = option
      else delete next[level.dataHierarchyCode]
      // A new value makes the drafted levels below it meaningless.
      const below = (code: string): string[] =>
        levels
          .filter((l) => l.parentCode === code)
          .flatMap((l) => [l.dataHierarchyCode, ...below(l.dataHierarchyCode)])
      for (const code of below(level.dataHierarchyCode)) delete next[code]
      return next
    })
  }
  return (
    <Modal
      open={open}
      title={t('dataHierarchy.title')}
      okButtonProps={{ disabled: choices.length === 0 }}
      confirmLoading={saving}
      onOk={() => void onSave(choices).then((saved) => saved && onClose())}
      onCancel={() => {
        setDraft({})
        onClose()
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        {modalList.map((level) => {
          const changed = draft[level.dataHierarchyCode]
          return (
            <Form.Item key={level.dataHierarchyCode} label={level.dataHierarchyName}>
              <LevelSelect
                api={api}
                aria-label={level.dataHierarchyName}
                dataHierarchyCode={level.dataHierarchyCode}
                parentValue={
                  drafted.find((l) => l.dataHierarchyCode === level.parentCode)?.dataHierarchyValue
                }
                value={current(level)}
                meaning={changed?.meaning ?? level.dataHierarchyMeaning ?? ''}
                loadFailedText={t('dataHierarchy.loadFailed')}
                onChange={(option) => choose(level, option)}
              />
            </Form.Item>
          )
        })}
      </Form>
    </Modal>
  )
}
