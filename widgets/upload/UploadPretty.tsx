import { PaperClipOutlined } from '@ant-design/icons'
import { Button, Space } from 'antd'
import { useRendererEnv, type FieldSpec } from '../../renderer/index'
import { useTexts } from '../shared/use-texts'
import { downloadFile } from './file-service'
import { useFileList, type ValueType } from './use-file-list'

export interface UploadPrettyProps {
  value?: unknown
  spec?: FieldSpec
  valueType?: ValueType
  bucketName?: string
}

/** Read-only: the files as download links (tables and read-pretty forms). */
export function UploadPretty({ value, spec, ...props }: UploadPrettyProps) {
  const env = useRendererEnv()
  const t = useTexts()
  const fromSpec = (spec?.props ?? {}) as { valueType?: ValueType; bucketName?: string }
  const valueType = props.valueType ?? fromSpec.valueType ?? 'uuid'
  const bucketName = props.bucketName ?? fromSpec.bucketName
  const { files, failed } = useFileList(typeof value === 'string' ? value : null, valueType)
  if (failed) return <span className="wms-read-pretty">{failed}</span>
  return (
    <Space className="wms-read-pretty" direction="vertical" size={0}>
      {files.map((file) => (
        <Button
          key={file.uid}
          type="link"
          size="small"
          icon={<PaperClipOutlined />}
          style={{ padding: 0, height: 'auto' }}
          onClick={() =>
            void downloadFile(env, { fileUrl: String(file.response), fileName: file.name }, bucketName).catch(
              (error: unknown) =>
                env.notify.error(
                  t('fields.upload.downloadFailed', {
                    fileName: file.name,
                    message: error instanceof Error ? error.message : String(error),
                  }),
                ),
            )
          }
        >
          {file.name}
        </Button>
      ))}
    </Space>
  )
}
