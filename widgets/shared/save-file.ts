/**
 * Hands a downloaded Blob to the browser as a file named `fileName` (an object URL and a download link,
 * the way every browser saves a generated file). The URL is released once the click has been dispatched.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
