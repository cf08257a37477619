// Issue 40's measure: the characters sent to the machine and the time, for one demo project into
// one language and for all demo content into one new language, first with an empty translation
// memory and then again with the memory of the first run (what was published).
// Usage: node bench/machine-translation.mjs <origin> <username> <password> <language>
// (bench/machine-translation.sh starts Apertium APy and the server and calls it.)
const [origin, username, password, language] = process.argv.slice(2)

async function call(method, path, json) {
  const headers = token ? { authorization: `Bearer ${token}` } : {}
  if (json) headers['content-type'] = 'application/json'
  const response = await fetch(`${origin}/api/admin${path}`, { method, headers, body: json && JSON.stringify(json) })
  const body = await response.json()
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${body.message}`)
  return body
}
let token
;({ token } = await call('POST', '/login', { username, password }))
const usage = async () => (await call('GET', '/machine-translation')).usage.characters
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1)

await call('POST', '/add-language', { code: language, name: language.toUpperCase() })

// One project: every field filled, then published (the memory learns it), then every field again.
const [project] = await call('GET', '/get-projects/en?limit=1')
const fieldsOf = async () =>
  (await call('GET', `/translation-workbench/project/${project._id}?language=${language}`)).fields.map((f) => f.key)
let started = performance.now()
const first = await call('POST', `/machine-translate/project/${project._id}`, { language })
console.log(
  `one project (${project.title}) → ${language}, empty memory: ${first.characters} characters, ${seconds(started)} s`,
)
await call('POST', `/publish/project/${first.translationId}`, {})
const fields = await fieldsOf()
started = performance.now()
const again = await call('POST', `/machine-translate/project/${project._id}`, { language, fields })
const fromMemory = again.fields.flatMap((f) => f.segments).filter((s) => s.from === 'memory').length
console.log(
  `  again, every field (${fields.length}), with that memory: ${again.characters} characters, ${seconds(started)} s (${fromMemory} sentences from memory)`,
)

// All demo content: a machine job of everything in the language, then its drafts published, then again.
async function job() {
  const before = await usage()
  const start = performance.now()
  let { job } = await call('POST', '/translation-jobs', { language, scope: 'all', method: 'machine' })
  while (!['finished', 'cancelled', 'paused'].includes(job.state)) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    ;({ job } = await call('GET', `/translation-jobs/${job._id}`))
  }
  return { job, characters: (await usage()) - before, time: seconds(start) }
}
const report = ({ job, characters, time }, what) =>
  console.log(
    `all demo content → ${language}, ${what}: ${job.total} sentences in ${job.records} records, ${characters} characters, ${time} s (${job.state}, ${job.failed} failed)`,
  )
report(await job(), 'the first job (memory: the one project)')

let published = 0
for (const p of await call('GET', '/get-all-projects'))
  if (p.language === language && p.hasDraft) published += Boolean(await call('POST', `/publish/project/${p._id}`, {}))
for (const r of await call('GET', '/get-reviews'))
  for (const t of await call('GET', `/get-review-translations/${r._id}`))
    if (t.language === language && t.hasDraft) published += Boolean(await call('POST', `/publish/review/${t._id}`, {}))
for (const page of await call('GET', '/get-translations'))
  published += Boolean(
    await call('POST', `/publish/translation-page/${page._id}?language=${language}`, {}).catch(() => null),
  )
console.log(`  published ${published} drafts (the memory learns them)`)
report(await job(), 'again with that memory')
