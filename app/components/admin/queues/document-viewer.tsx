import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MARKER_HEADERS } from '#app/lib/api.ts'
import { Skeleton } from '#app/components/ui/skeleton.tsx'

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result)
      else reject(new Error('the file could not be read'))
    }
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'))
    reader.readAsDataURL(blob)
  })
}

/**
 * A player's identity document, shown from the operator's file call: an image as an image, and a
 * link that opens either (a PDF in the browser's own viewer). The call needs the API's marker header, which an
 * `<img src>` cannot send, so the file is fetched and shown from memory; every read is audited by
 * the server.
 */
export function DocumentViewer({
  documentId,
  fileName,
  mimeType,
}: {
  documentId: string
  fileName: string
  mimeType: string
}) {
  const { t } = useTranslation()
  const [file, setFile] = useState<
    { url: string; picture?: string | undefined } | { error: string } | null
  >(null)

  useEffect(() => {
    let url: string | undefined
    let isCurrent = true
    setFile(null)
    fetch(`/admin/api/documents/${documentId}/file`, {
      credentials: 'include',
      headers: MARKER_HEADERS,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(t('admin.queues.kyc.file_failed'))
        const blob = await response.blob()
        url = URL.createObjectURL(blob)
        // The picture is drawn from a data URL, which the page's policy admits for images and
        // tools read without fetching; the link opens the blob in a tab of its own.
        const picture = mimeType.startsWith('image/') ? await dataUrlOf(blob) : undefined
        if (isCurrent) setFile({ url, picture })
        else URL.revokeObjectURL(url)
      })
      .catch((error: unknown) => {
        if (isCurrent) setFile({ error: error instanceof Error ? error.message : String(error) })
      })
    return () => {
      isCurrent = false
      if (url) URL.revokeObjectURL(url)
    }
  }, [documentId, mimeType, t])

  if (file === null) return <Skeleton className="h-72 w-full" />
  if ('error' in file) {
    return (
      <p role="alert" className="text-sm text-danger">
        {file.error}
      </p>
    )
  }
  const title = t('admin.queues.kyc.viewer_title', { name: fileName })
  return (
    <div className="flex flex-col gap-2">
      {mimeType === 'application/pdf' ? (
        // The page's policy frames nothing but its own pages, so a PDF opens in its own tab.
        <p className="text-sm text-ink-muted">{t('admin.queues.kyc.pdf_note')}</p>
      ) : (
        <img
          src={file.picture}
          alt={title}
          className="max-h-[60vh] w-full rounded-xl border border-line object-contain"
        />
      )}
      <a
        href={file.url}
        target="_blank"
        rel="noreferrer"
        download={fileName}
        className="self-start text-sm font-medium text-gold underline underline-offset-2"
      >
        {t('admin.queues.kyc.open_file', { name: fileName })}
      </a>
    </div>
  )
}
