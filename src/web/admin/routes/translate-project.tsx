import { Link, useLoaderData, useNavigate, type ClientLoaderFunctionArgs } from 'react-router'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import { fetchLanguages, fetchProject, ProjectProblem } from '../components/project-common.js'
import { ProjectForm } from '../components/project-form.js'
import { api } from '../lib/api.js'
import '../styles-projects.css'

export async function clientLoader({ params }: ClientLoaderFunctionArgs) {
  const [found, { languages, languagesError }] = await Promise.all([fetchProject(params.id ?? ''), fetchLanguages()])
  // Translating a translation translates its original (docs/api.md): start from the original.
  const result = found.project?.parentId ? await fetchProject(found.project.parentId._id) : found
  if (!result.project) return { ...result, choices: [], languagesError }
  const taken = new Set([BASE_LANGUAGE, result.project.language, ...result.project.translations.map((t) => t.code)])
  return { ...result, choices: languages.filter((l) => !taken.has(l.code)), languagesError }
}

/** SPEC 2: a new version of a project in another language, prefilled from the original. */
export default function TranslateProject() {
  const data = useLoaderData<typeof clientLoader>()
  const navigate = useNavigate()
  if (!data.project) return <ProjectProblem heading="Translate Project" message={data.error} />
  const { project } = data
  return (
    <>
      <div className="project-page-head">
        <div>
          <h1>Translate Project</h1>
          <p className="admin-muted">
            {project.title} ({project.language}) · <Link to={`/admin/project/${project._id}`}>View details</Link>
          </p>
        </div>
      </div>
      {data.languagesError && (
        <p className="admin-error" role="alert">
          {data.languagesError}
        </p>
      )}
      <ProjectForm
        key={project._id}
        mode="translate"
        project={project}
        languages={data.choices}
        submitLabel="Translate Project"
        failureMessage="Failed to add project"
        send={async (form, onProgress) => {
          await api('/add-project', { method: 'POST', form, onProgress })
          navigate('/admin/projects')
        }}
      />
    </>
  )
}
