import { useLoaderData } from 'react-router'
import { useNewProject } from '../components/project-api.js'
import { ProjectForm } from '../components/project-form/project-form.js'
import { LoadError } from '../components/status-message.js'
import { loadLanguages } from '../kit/load.js'

export const clientLoader = () => loadLanguages()

/** SPEC 2: add a project; on success the projects list, on failure the message below the form. */
export default function AddProject() {
  const { languages, languagesError } = useLoaderData<typeof clientLoader>()
  return (
    <>
      <h1>Add Project</h1>
      {languagesError && <LoadError {...languagesError} />}
      <ProjectForm mode="add" languages={languages} submitLabel="Add Project" draft {...useNewProject()} />
    </>
  )
}
