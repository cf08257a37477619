import { PGlite } from '@electric-sql/pglite'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { type Database, openDatabase } from '../../src/server/db/client.js'
import { ensureDeletionHoldRow } from '../../src/server/backup/deletion-hold.js'
import { ensureBaseLanguage } from '../../src/server/services/languages.js'

const TEMPLATE_DB = `villa_test_template_${process.pid}`

/** TEST_DATABASE_URL itself (for CREATE/DROP DATABASE), or the same server with another database. */
function adminUrl(database?: string) {
  const url = new URL(process.env.TEST_DATABASE_URL!)
  if (database) url.pathname = `/${database}`
  return url.toString()
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl() })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** Run once per test run: a migrated PGlite dump, and a migrated PostgreSQL template database. */
export async function prepareTemplates() {
  const dir = await mkdtemp(path.join(tmpdir(), 'villa-template-'))
  const pglite = await PGlite.create()
  const database = await openDatabase({ pglite })
  await database.migrate()
  await ensureBaseLanguage(database.db)
  await ensureDeletionHoldRow(database.db)
  const dump = await pglite.dumpDataDir('none')
  const pgliteTemplate = path.join(dir, 'template.tar')
  await writeFile(pgliteTemplate, Buffer.from(await dump.arrayBuffer()))
  await pglite.close()

  let postgresTemplate: string | null = null
  if (process.env.TEST_DATABASE_URL) {
    await adminQuery(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`)
    await adminQuery(`CREATE DATABASE ${TEMPLATE_DB}`)
    const template = await openDatabase({ url: adminUrl(TEMPLATE_DB) })
    await template.migrate()
    await ensureBaseLanguage(template.db)
    await ensureDeletionHoldRow(template.db)
    await template.close()
    postgresTemplate = TEMPLATE_DB
  }

  return {
    pgliteTemplate,
    postgresTemplate,
    teardown: async () => {
      await rm(dir, { recursive: true, force: true })
      if (postgresTemplate) await adminQuery(`DROP DATABASE IF EXISTS ${postgresTemplate}`)
    },
  }
}

/** A migrated, empty database (only `en`) of the kind this test project runs on. */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const name = `villa_test_${randomBytes(6).toString('hex')}`
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`)
    const database = await openDatabase({ url: adminUrl(name) })
    return {
      ...database,
      close: async () => {
        await database.close()
        await adminQuery(`DROP DATABASE IF EXISTS ${name}`)
      },
    }
  }
  const dump = await readFile(inject('pgliteTemplate'))
  const pglite = await PGlite.create({ loadDataDir: new Blob([dump]) })
  return openDatabase({ pglite })
}
