import { useNavigate, useLoaderData } from 'react-router'
import { fetchLanguages } from '../components/project-common.js'
import { ProjectForm } from '../components/project-form.js'
import { api } from '../lib/api.js'
import '../styles-projects.css'

export const clientLoader = () => fetchLanguages()

/** SPEC 2: add a project; on success the projects list, on failure the message below the form. */
export default function AddProject() {
  const { languages, languagesError } = useLoaderData<typeof clientLoader>()
  const navigate = useNavigate()
  return (
    <>
      <h1>Add Project</h1>
      {languagesError && (
        <p className="admin-error" role="alert">
          {languagesError}
        </p>
      )}
      <ProjectForm
        mode="add"
        languages={languages}
        submitLabel="Add Project"
        failureMessage="Failed to add project"
        send={async (form, onProgress) => {
          await api('/add-project', { method: 'POST', form, onProgress })
          navigate('/admin/projects')
        }}
      />
    </>
  )
}
