/**
 * One spelling per address: the path and query of a URL, percent-encoding normalised, no
 * fragment, no trailing slash (the site answers /about/ as /about). Null when it is not an address.
 */
export function normalizeAddress(input: string): string | null {
  const text = input.trim()
  if (!text) return null
  let url: URL
  try {
    url = /^https?:\/\//i.test(text) ? new URL(text) : new URL(text, 'http://site.invalid')
  } catch {
    return null
  }
  if (!text.startsWith('/') && !/^https?:\/\//i.test(text)) return null
  let path = url.pathname
  try {
    path = encodeURI(decodeURI(path))
  } catch {
    return null
  }
  if (path.length > 1) path = path.replace(/\/+$/, '') || '/'
  return `${path}${url.search}`
}
