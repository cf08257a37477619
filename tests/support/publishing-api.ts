import { expect } from 'vitest'
import { fieldsForm, projectForm, type ProjectFormOptions } from './factories.js'
import type { TestServer } from './test-server.js'

/** The publishing calls (issue 22) over HTTP, as the back office makes them. */
export function publishingApi(server: TestServer) {
  const ok = <T = any>(res: { status: number; body: T }, status = 200) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status)
    return res.body
  }
  return {
    async addProject(options: ProjectFormOptions = {}) {
      return ok(await server.call('POST', '/api/admin/add-project', { form: await projectForm(options) })).project
    },
    async translate(parentId: string, fields: Record<string, string>) {
      const form = fieldsForm({ translate: 'true', parentId, language: 'es', ...fields })
      return ok(await server.call('POST', '/api/admin/add-project', { form })).project
    },
    updateProject: (id: string, fields: Record<string, string>, headers?: Record<string, string>) =>
      server.call('PUT', `/api/admin/update-project/${id}`, { form: fieldsForm(fields), headers }),
    getProject: async (id: string) => ok(await server.call('GET', `/api/admin/get-project/${id}`)),
    publish: (kind: string, id: string, body: object = {}, query = '') =>
      server.call('POST', `/api/admin/publish/${kind}/${id}${query}`, { json: body }),
    unpublish: (kind: string, id: string, body: object = {}, query = '') =>
      server.call('POST', `/api/admin/unpublish/${kind}/${id}${query}`, { json: body }),
    /** The public project, as a visitor (no token) gets it. */
    single: (slugOrId: string) => server.call('GET', `/api/admin/single-project/${slugOrId}`, { token: null }),
    publicList: async (lang: string) =>
      ok(await server.call('GET', `/api/admin/get-projects/${lang}`, { token: null })) as {
        _id: string
        title: string
        slug: string
        translations: { code: string }[]
      }[],
    ok,
  }
}
