import { afterAll, describe, expect, it } from 'vitest'
import { ADMIN_ENV, cleanUpProcesses, npmRun, startServer, tempDataDir } from './child-server.js'

// `npm run db:migrate` and `npm run db:seed` on a real data folder, as a deploy would run them.
afterAll(cleanUpProcesses, 60_000)

describe('database commands', () => {
  it('migrate makes an up-to-date database, seed fills it once, and the server starts on it', async () => {
    const dataDir = await tempDataDir()
    const migrated = await npmRun('db:migrate', [], { DATA_DIR: dataDir }).done
    expect(migrated).toMatchObject({ code: 0, output: expect.stringContaining('The database is up to date.') })

    const seeded = await npmRun('db:seed', [], { DATA_DIR: dataDir }).done
    expect(seeded).toMatchObject({ code: 0, output: expect.stringContaining('Demo content loaded.') })
    const again = await npmRun('db:seed', [], { DATA_DIR: dataDir }).done
    expect(again.output).toContain('The site already has content')

    const server = await startServer({ dataDir, env: { ...ADMIN_ENV, SEED_DEMO: 'false' } })
    const languages = await server.call<{ code: string }[]>('GET', '/api/admin/get-languages')
    expect(languages.body.map((l) => l.code)).toEqual(['en', 'es', 'sv'])
    expect((await server.call<unknown[]>('GET', '/api/admin/get-projects/en')).body.length).toBeGreaterThan(0)

    // While the server holds the embedded database, the commands refuse and say why.
    const refused = await npmRun('db:migrate', [], { DATA_DIR: dataDir }).done
    expect(refused.code).toBe(1)
    expect(refused.output).toMatch(/already using the data folder/)
    await server.stop()
  }, 240_000)
})
