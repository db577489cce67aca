import { UploadOutlined } from '@ant-design/icons'
import { connect, mapReadPretty } from '@formily/react'
import { Button, Upload as AntUpload, type UploadFile, type UploadProps } from 'antd'
import { useRef } from 'react'
import { useRendererEnv, type WidgetProps } from '../../renderer/index'
import { useTexts } from '../shared/use-texts'
import { downloadFile, newGroup, removeFromGroup, uploadFile } from './file-service'
import { UploadPretty } from './UploadPretty'
import { acceptOf, checkFile, DEFAULT_FILE_SIZE, megabytes, typeList } from './upload-rules'
import { useFileList } from './use-file-list'
import { useUploadRules } from './use-upload-rules'

/** The page's props (multiple, bucketName, directory, fileType, fileSize, valueType: the widget's schema) and Formily's. */
export interface FileUploadProps extends WidgetProps<'Upload'> {
  /** An attachment group uuid (valueType uuid, the default) or file URLs, comma-joined (valueType url). */
  value?: string | null
  onChange?(value: string | null): void
  disabled?: boolean
  'aria-label'?: string
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Uploads files to the file service; the field keeps the attachment group (or the URLs). */
export function FileUpload(props: FileUploadProps) {
  const { value, onChange, disabled, multiple = false, bucketName = 'wms-attachment', directory } = props
  const valueType = props.valueType ?? 'uuid'
  const env = useRendererEnv()
  const t = useTexts()
  const { files, setFiles, adopt } = useFileList(value, valueType)
  const group = useRef<Promise<string> | undefined>(undefined)
  const target = { bucketName, directory }
  const rules = useUploadRules(bucketName, { fileType: props.fileType, fileSize: props.fileSize })

  const ensureGroup = () => {
    if (value) return Promise.resolve(value)
    group.current ??= newGroup(env).then((uuid) => (adopt(uuid), onChange?.(uuid), uuid))
    return group.current
  }
  const publish = (list: UploadFile[]) => {
    if (valueType !== 'url') return
    const next = list.filter((f) => f.status === 'done').map((f) => String(f.response))
    adopt(next.join(',') || null)
    onChange?.(next.join(',') || null)
  }

  // Single mode: the files a new upload will replace, taken out of the group once it is in.
  const replacing = useRef<UploadFile[]>([])
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = checkFile(file, rules)
    if (!problem) {
      if (!multiple) replacing.current = files.filter((f) => f.status === 'done')
      return true
    }
    env.notify.error(
      problem.kind === 'type'
        ? t('fields.upload.typeError', { fileType: problem.fileType })
        : t('fields.upload.sizeError', { size: problem.size }),
    )
    return AntUpload.LIST_IGNORE
  }

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const raw = file as File
    const uuid = valueType === 'uuid' ? ensureGroup() : Promise.resolve(undefined)
    uuid
      .then((id) => uploadFile(env, raw, target, id))
      .then((url) => onSuccess?.(url))
      .catch((error: unknown) => {
        env.notify.error(t('fields.upload.failed', { fileName: raw.name, message: messageOf(error) }))
        onError?.(error instanceof Error ? error : new Error(messageOf(error)))
      })
  }

  const onListChange: UploadProps['onChange'] = ({ file, fileList }) => {
    const list = multiple ? fileList : fileList.slice(-1)
    setFiles(list)
    if (file.status !== 'done') return
    publish(list)
    // A single upload keeps only the last file (CORE-UPL-06): the one it replaced leaves the group too.
    const replaced = multiple ? [] : replacing.current.filter((f) => f.uid !== file.uid)
    replacing.current = []
    if (valueType === 'uuid' && value && replaced.length) {
      removeFromGroup(
        env,
        value,
        replaced.map((f) => String(f.response)),
        bucketName,
      ).catch((error: unknown) =>
        env.notify.error(
          t('fields.upload.removeFailed', { fileName: replaced[0]?.name ?? '', message: messageOf(error) }),
        ),
      )
    }
  }

  const onRemove = async (file: UploadFile) => {
    if (file.status === 'done' && valueType === 'uuid' && value) {
      try {
        await removeFromGroup(env, value, [String(file.response)], bucketName)
      } catch (error) {
        env.notify.error(t('fields.upload.removeFailed', { fileName: file.name, message: messageOf(error) }))
        return false
      }
    }
    const rest = files.filter((f) => f.uid !== file.uid)
    setFiles(rest)
    publish(rest)
    return true
  }

  const onPreview = (file: UploadFile) => {
    if (file.status !== 'done') return
    downloadFile(env, { fileUrl: String(file.response), fileName: file.name }, bucketName).catch(
      (error: unknown) =>
        env.notify.error(
          t('fields.upload.downloadFailed', { fileName: file.name, message: messageOf(error) }),
        ),
    )
  }

  const types = typeList(rules.fileType)
  const hint = t('fields.upload.hint', {
    fileType: types.length ? types.join(', ') : t('fields.upload.anyType'),
    size: megabytes(rules.fileSize ?? DEFAULT_FILE_SIZE),
  })
  return (
    <AntUpload
      fileList={files}
      multiple={multiple}
      maxCount={multiple ? undefined : 1}
      accept={acceptOf(rules.fileType)}
      disabled={disabled}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onChange={onListChange}
      onRemove={onRemove}
      onPreview={onPreview}
    >
      <Button icon={<UploadOutlined />} disabled={disabled} aria-label={props['aria-label']}>
        {t('fields.upload.button')}
      </Button>
      <div
        className="wms-upload-hint"
        style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}
        onClick={(e) => e.stopPropagation()}
      >
        {hint}
      </div>
    </AntUpload>
  )
}

export const Upload = connect(FileUpload, mapReadPretty(UploadPretty))
