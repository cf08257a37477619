import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** New, empty databases on the TEST_DATABASE_URL server, dropped by dropCreatedDatabases(). */

const created: string[] = []

export function databaseUrl(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!)
  url.pathname = `/${database}`
  return url.toString()
}

export async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

export async function freshDatabase(): Promise<string> {
  const name = `villa_proc_${randomBytes(6).toString('hex')}`
  await onDatabase(databaseUrl('postgres'), (client) => client.query(`CREATE DATABASE ${name}`))
  created.push(name)
  return databaseUrl(name)
}

export async function dropCreatedDatabases(): Promise<void> {
  for (const name of created.splice(0))
    await onDatabase(databaseUrl('postgres'), (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
}
