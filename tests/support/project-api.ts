import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { expect } from 'vitest'
import { fieldsForm, projectForm, type ProjectFormOptions } from './factories.js'
import { blob, jpeg } from './images.js'
import { startTestServer, type TestServer } from './test-server.js'
import { avifSettled } from './wait-for.js'

export const IMAGE_PATH = /^\/uploads\/[a-f0-9]{24}\.jpg$/
export const idOf = (imagePath: string) => imagePath.slice('/uploads/'.length, '/uploads/'.length + 24)

/** Project calls over HTTP, as the admin makes them, for the project API tests. */
export function projectApi(server: TestServer) {
  async function addProject(options: ProjectFormOptions = {}) {
    const res = await server.call('POST', '/api/admin/add-project', { form: await projectForm(options) })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.project
  }

  async function uploadImage(buffer?: Buffer): Promise<string> {
    const form = new FormData()
    form.append('image', blob(buffer ?? (await jpeg(600, 400))), 'amenity.jpg')
    const res = await server.call('POST', '/api/admin/upload-image', { form })
    expect(res.status).toBe(200)
    return res.body.image
  }

  /** Every file in dataDir/uploads (the temp folder aside). */
  const storedFiles = async () => (await readdir(path.join(server.dataDir, 'uploads'))).filter((f) => f !== '.tmp')
  const filesOf = async (imagePath: string) => (await storedFiles()).filter((f) => f.startsWith(idOf(imagePath)))

  const settled = () => avifSettled(server.database)

  async function translate(
    parent: { _id: string },
    fields: Record<string, string>,
    files: Record<string, Buffer[]> = {},
  ) {
    const form = fieldsForm({ translate: 'true', parentId: parent._id, language: 'es', ...fields }, files)
    const res = await server.call('POST', '/api/admin/add-project', { form })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.project
  }

  return { addProject, uploadImage, storedFiles, filesOf, avifSettled: settled, translate }
}

/** A signed-in test server with Spanish added, and the project calls on it. */
export async function startProjectServer(options?: Parameters<typeof startTestServer>[0]) {
  const server = await startTestServer(options)
  await server.login()
  const added = await server.call('POST', '/api/admin/add-language', { json: { name: 'Español', code: 'es' } })
  expect(added.status).toBe(200)
  return { server, api: projectApi(server) }
}
