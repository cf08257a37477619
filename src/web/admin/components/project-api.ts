import { useNavigate } from 'react-router'
import type { Project } from '../../../shared/types.js'
import { load } from '../kit/load.js'
import { serverMessageOr } from '../kit/use-submit.js'
import { api } from '../lib/api.js'
import { MESSAGES } from '../../../shared/messages.js'

/** One project for the project screens; a 404 reads 'Project not found!' (SPEC 8). */
export const loadProject = (id: string) =>
  load(() => api<Project>(`/get-project/${encodeURIComponent(id)}`), MESSAGES.fetchProjectDetails, {
    notFound: MESSAGES.projectNotFound,
  })

/**
 * Add and translate both create a project with add-project: on success the projects list, on
 * failure the server's message, otherwise 'Failed to add project' (SPEC 8).
 */
export function useNewProject() {
  const navigate = useNavigate()
  return {
    describeError: serverMessageOr(MESSAGES.addProject),
    send: async (form: FormData, onProgress: (fraction: number) => void) => {
      await api('/add-project', { method: 'POST', form, onProgress })
      navigate('/admin/projects')
    },
  }
}
