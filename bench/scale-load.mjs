// Loads a large catalogue through the API, as an administrator would over months: LANGUAGES
// languages, ORIGINALS original projects, each translated into every other language (no images).
// Usage: node bench/scale-load.mjs <origin> <username> <password> [originals=1000] [languages=10]
const [origin, username, password, originals = '1000', languageCount = '10'] = process.argv.slice(2)
const CONCURRENCY = 8
const CODES = ['es', 'sv', 'de', 'fr', 'nl', 'it', 'pt', 'da', 'nb', 'fi', 'pl', 'ru'].slice(
  0,
  Number(languageCount) - 1,
)

async function call(method, path, { json, form, token } = {}) {
  const headers = token ? { authorization: `Bearer ${token}` } : {}
  if (json) headers['content-type'] = 'application/json'
  const response = await fetch(`${origin}/api/admin${path}`, {
    method,
    headers,
    body: json ? JSON.stringify(json) : form,
  })
  const body = await response.json()
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${body.message}`)
  return body
}

const { token } = await call('POST', '/login', { json: { username, password } })
for (const code of CODES)
  await call('POST', '/add-language', { token, json: { code, name: code.toUpperCase() } }).catch(() => {})

const text = (n, lang) => ({
  title: `Villa ${n} ${lang}, Marbella`,
  description: `A ${lang} description of villa ${n}: ${'Nordic light and Mediterranean stone. '.repeat(4)}`,
  status: 'Completed 2025',
  space: `${300 + (n % 500)} m²`,
  beds: String(3 + (n % 4)),
  baths: String(2 + (n % 3)),
  galleryTitle1: 'The light',
  galleryDesc1: 'Morning over the sea.',
  amenities: JSON.stringify([
    { title: 'Pool', image: null },
    { title: 'Gym', image: null },
  ]),
})
const formOf = (fields) => {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  return form
}

let done = 0
const started = Date.now()
async function loadOne(n) {
  const { project } = await call('POST', '/add-project', { token, form: formOf({ ...text(n, 'en'), language: 'en' }) })
  for (const code of CODES) {
    await call('POST', '/add-project', {
      token,
      form: formOf({ ...text(n, code), language: code, translate: 'true', parentId: project._id }),
    })
  }
  if (++done % 100 === 0) console.log(`${done} originals (${((Date.now() - started) / 1000).toFixed(0)} s)`)
}
const queue = Array.from({ length: Number(originals) }, (_, i) => i + 1)
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) await loadOne(n)
  }),
)
console.log(
  `loaded ${originals} originals × ${CODES.length + 1} languages in ${((Date.now() - started) / 1000).toFixed(0)} s`,
)
