import { Link } from 'react-router'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import type { Language, Project } from '../../../shared/types.js'
import { api, ApiError } from '../lib/api.js'

// Loading and problem display shared by the project screens. Loaders answer a result instead of
// throwing, so each screen shows the SPEC 8 message in place.

export const PROJECT_NOT_FOUND = 'Project not found!'

export type ProjectResult = { project: Project; error?: undefined } | { project?: undefined; error: string }

export async function fetchProject(id: string): Promise<ProjectResult> {
  try {
    return { project: await api<Project>(`/get-project/${encodeURIComponent(id)}`) }
  } catch (error) {
    console.error('Failed to fetch project details', error)
    return {
      error: error instanceof ApiError && error.status === 404 ? PROJECT_NOT_FOUND : 'Failed to fetch project details',
    }
  }
}

/** The languages, or an error and English only, so a form stays usable. */
export async function fetchLanguages(): Promise<{ languages: Language[]; languagesError?: string }> {
  try {
    return { languages: await api<Language[]>('/get-languages') }
  } catch (error) {
    console.error('Failed to fetch languages', error)
    return {
      languages: [{ _id: '', name: 'English', code: BASE_LANGUAGE }],
      languagesError: 'Failed to fetch languages',
    }
  }
}

export const languageName = (languages: Language[], code: string) =>
  languages.find((l) => l.code === code)?.name ?? code

/** A screen that could not load its project: its heading, the message, and a way back. */
export function ProjectProblem({ heading, message }: { heading: string; message: string }) {
  return (
    <>
      <h1>{heading}</h1>
      <p className="admin-error" role="alert">
        {message}
      </p>
      <p>
        <Link to="/admin/projects">Back to projects</Link>
      </p>
    </>
  )
}
