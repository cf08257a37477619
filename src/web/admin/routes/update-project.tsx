import { useRef, useState } from 'react'
import { Link, useLoaderData, type ClientLoaderFunctionArgs } from 'react-router'
import type { Project } from '../../../shared/types.js'
import { fetchProject, ProjectProblem } from '../components/project-common.js'
import { ProjectForm } from '../components/project-form.js'
import { api } from '../lib/api.js'
import '../styles-projects.css'

export const clientLoader = ({ params }: ClientLoaderFunctionArgs) => fetchProject(params.id ?? '')

/** SPEC 2: edit a project or a translation; 'Update Project' saves it in place. */
export default function UpdateProject() {
  const data = useLoaderData<typeof clientLoader>()
  if (!data.project) return <ProjectProblem heading="Edit Project" message={data.error} />
  return <UpdateProjectScreen key={data.project._id} initial={data.project} />
}

function UpdateProjectScreen({ initial }: { initial: Project }) {
  const [project, setProject] = useState(initial)
  // Each save starts a fresh form from the saved project (the chosen files are now stored).
  const [version, setVersion] = useState(0)
  const [saved, setSaved] = useState('')
  const status = useRef<HTMLDivElement>(null)

  return (
    <>
      <div className="project-page-head">
        <div>
          <h1>{project.parentId ? 'Edit Project Translation' : 'Edit Project'}</h1>
          <p className="admin-muted">
            {project.title} · <Link to={`/admin/project/${project._id}`}>View details</Link>
          </p>
        </div>
      </div>
      <ProjectForm
        key={version}
        mode="update"
        project={project}
        languages={[]}
        submitLabel="Update Project"
        failureMessage="Failed to update project"
        send={async (form, onProgress) => {
          setSaved('')
          const answer = await api<{ project: Project }>(`/update-project/${project._id}`, {
            method: 'PUT',
            form,
            onProgress,
          })
          setProject(answer.project)
          setVersion((v) => v + 1)
          setSaved('Project updated successfully!')
          requestAnimationFrame(() => status.current?.focus())
        }}
      />
      <div role="status" className="project-status" ref={status} tabIndex={-1}>
        {saved && <p className="admin-success">{saved}</p>}
      </div>
    </>
  )
}
