import { useLoaderData, type ClientLoaderFunctionArgs } from 'react-router'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import type { Language, Project } from '../../../shared/types.js'
import { loadProject, useNewProject } from '../components/project-api.js'
import { ProjectForm } from '../components/project-form/project-form.js'
import { LoadError } from '../components/status-message.js'
import { RecordScreen } from '../kit/detail-screen.js'
import { ScreenHeading } from '../kit/list-screen.js'
import { loadLanguages, type LoadFailure } from '../kit/load.js'

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  const [found, { languages, languagesError }] = await Promise.all([loadProject(params.id ?? ''), loadLanguages()])
  // Translating a translation translates its original (docs/api.md): start from the original.
  const original = found.data?.parentId ? await loadProject(found.data.parentId._id) : found
  return { original, languages, languagesError }
}

/** SPEC 2: a new version of a project in another language, prefilled from the original. */
export default function TranslateProject() {
  const { original, ...languages } = useLoaderData<typeof clientLoader>()
  return (
    <RecordScreen loaded={original} title="Translate Project" list="projects">
      {(project) => <TranslateProjectForm key={project._id} project={project} {...languages} />}
    </RecordScreen>
  )
}

interface FormProps {
  project: Project
  languages: Language[]
  languagesError: LoadFailure | null
}

function TranslateProjectForm({ project, languages, languagesError }: FormProps) {
  // SPEC 9: never en, and no language the project already has.
  const taken = new Set([BASE_LANGUAGE, project.language, ...project.translations.map((t) => t.code)])
  return (
    <>
      <ScreenHeading
        title="Translate Project"
        about={{ text: `${project.title} (${project.language})`, to: `/admin/project/${project._id}` }}
      />
      {languagesError && <LoadError {...languagesError} />}
      <ProjectForm
        mode="translate"
        project={project}
        languages={languages.filter((l) => !taken.has(l.code))}
        submitLabel="Translate Project"
        draft
        {...useNewProject()}
      />
    </>
  )
}
