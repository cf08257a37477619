import { useState } from 'react'
import type { ClientLoaderFunctionArgs } from 'react-router'
import type { Project } from '../../../shared/types.js'
import { loadProject } from '../components/project-api.js'
import { ProjectForm } from '../components/project-form/project-form.js'
import type { Status } from '../components/status-message.js'
import { recordRoute } from '../kit/detail-screen.js'
import { ScreenHeading } from '../kit/list-screen.js'
import { fixedMessage } from '../kit/use-submit.js'
import { api } from '../lib/api.js'
import { MESSAGES } from '../../../shared/messages.js'

export const clientLoader = ({ params }: ClientLoaderFunctionArgs) => loadProject(params.id ?? '')

/** SPEC 2: edit a project or a translation; 'Update Project' saves it in place. */
export default recordRoute({ title: 'Edit Project', list: 'projects' }, UpdateProjectScreen)

function UpdateProjectScreen({ record }: { record: Project }) {
  const [project, setProject] = useState(record)
  // Each save starts a fresh form from the saved project (the chosen files are now stored); the
  // message of the save goes over to it.
  const [version, setVersion] = useState(0)
  const [saved, setSaved] = useState<Status | null>(null)

  async function send(form: FormData, onProgress: (fraction: number) => void) {
    const answer = await api<{ project: Project }>(`/update-project/${project._id}`, {
      method: 'PUT',
      form,
      onProgress,
    })
    setProject(answer.project)
    setVersion((v) => v + 1)
    setSaved({ kind: 'success', message: MESSAGES.projectUpdated })
  }

  return (
    <>
      <ScreenHeading
        title={project.parentId ? 'Edit Project Translation' : 'Edit Project'}
        about={{ text: project.title, to: `/admin/project/${project._id}` }}
      />
      <ProjectForm
        key={version}
        mode="update"
        project={project}
        languages={[]}
        submitLabel="Update Project"
        describeError={fixedMessage(MESSAGES.updateProject)}
        initialStatus={saved}
        send={send}
      />
    </>
  )
}
