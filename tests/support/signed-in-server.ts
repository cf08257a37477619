import { startTestServer, type TestServer, type TestServerOptions } from './test-server.js'

// How most API test files start: a server signed in as the admin, with the languages they need.

const NAMES: Record<string, string> = {
  es: 'Español',
  sv: 'Svenska',
  fr: 'Français',
  de: 'Deutsch',
  ca: 'Català',
  it: 'Italiano',
  nl: 'Nederlands',
}

/** Adds languages through add-language, each under its own name (the server signed in as admin). */
export async function addLanguages(server: TestServer, ...codes: string[]): Promise<void> {
  for (const code of codes) {
    const res = await server.call('POST', '/api/admin/add-language', { json: { code, name: NAMES[code] ?? code } })
    if (res.status !== 200) throw new Error(`add-language ${code}: ${res.status} ${JSON.stringify(res.body)}`)
  }
}

/** A test server signed in as the admin, with these languages added: most API files' start. */
export async function startSignedIn(options: TestServerOptions = {}, ...languages: string[]): Promise<TestServer> {
  const server = await startTestServer(options)
  await server.login()
  await addLanguages(server, ...languages)
  return server
}

/** Two instances of the server on one database, both signed in as the admin the first seeded. */
export async function startTwoInstances(options: TestServerOptions): Promise<[TestServer, TestServer]> {
  const first = await startSignedIn(options)
  const second = await startSignedIn({ ...options, admin: null })
  return [first, second]
}
