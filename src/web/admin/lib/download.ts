import { getToken, signOutLocally } from './auth.js'

/** Saves a file the API makes (a CSV) through a temporary Blob link: the call needs the bearer token. */
export async function downloadFromApi(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(`/api/admin${path}`, { headers: { authorization: `Bearer ${getToken() ?? ''}` } })
  if (response.status === 401) {
    signOutLocally()
    throw new Error('Please sign in')
  }
  if (!response.ok) throw new Error(`The download failed (${response.status})`)
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // Give the browser a moment to start the download before the Blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
