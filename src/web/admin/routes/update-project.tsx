import { useState } from 'react'
import type { ClientLoaderFunctionArgs } from 'react-router'
import type { Project } from '../../../shared/types.js'
import { loadProject } from '../components/project-api.js'
import { ProjectForm } from '../components/project-form/project-form.js'
import type { Status } from '../components/status-message.js'
import { recordRoute } from '../kit/detail-screen.js'
import { ScreenHeading } from '../kit/list-screen.js'
import { PublishingPanel } from '../kit/publishing-panel.js'
import { fixedMessage } from '../kit/use-submit.js'
import { api } from '../lib/api.js'
import { editable, PUBLISHING_MESSAGES, type WithPublishing } from '../lib/publishing.js'
import { MESSAGES } from '../../../shared/messages.js'
import { SideBySideLink } from '../components/workbench/side-by-side-link.js'

export const clientLoader = ({ params }: ClientLoaderFunctionArgs) => loadProject(params.id ?? '')

type EditedProject = WithPublishing<Project>

/**
 * SPEC 2: edit a project or a translation; 'Update Project' saves and publishes it, 'Save draft'
 * keeps the published version as it is (issue 22). The form shows the draft when there is one.
 */
export default recordRoute({ title: 'Edit Project', list: 'projects' }, UpdateProjectScreen)

function UpdateProjectScreen({ record }: { record: EditedProject }) {
  const [project, setProject] = useState(record)
  // Each save starts a fresh form from the saved project (the chosen files are now stored); the
  // message of the save goes over to it.
  const [formKey, setFormKey] = useState(0)
  const [saved, setSaved] = useState<Status | null>(null)
  const target = { kind: 'project', id: project._id } as const

  async function send(form: FormData, onProgress: (fraction: number) => void) {
    const answer = await api<{ project: EditedProject }>(`/update-project/${project._id}`, {
      method: 'PUT',
      form,
      onProgress,
    })
    setProject(answer.project)
    setFormKey((k) => k + 1)
    const message = form.get('saveAs') === 'draft' ? PUBLISHING_MESSAGES.draftSaved : MESSAGES.projectUpdated
    setSaved({ kind: 'success', message })
  }

  return (
    <>
      <ScreenHeading
        title={project.parentId ? 'Edit Project Translation' : 'Edit Project'}
        about={{ text: project.title, to: `/admin/project/${project._id}` }}
      />
      {project.parentId && (
        <p>
          <SideBySideLink kind="project" id={project._id} language={project.language} languageName={project.language} />
        </p>
      )}
      <PublishingPanel
        target={target}
        state={project}
        language={project.language}
        what={`the project “${project.title}”${project.parentId ? '' : ' and its translations'}`}
        onChange={(state) => setProject((current) => ({ ...current, ...state }))}
        reread={() => api<EditedProject>(`/get-project/${project._id}`)}
      />
      <ProjectForm
        key={formKey}
        mode="update"
        project={editable(project)}
        languages={[]}
        submitLabel="Update Project"
        draft
        version={project.version}
        describeError={fixedMessage(MESSAGES.updateProject)}
        initialStatus={saved}
        send={send}
      />
    </>
  )
}
