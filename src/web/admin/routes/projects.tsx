import type { Project } from '../../../shared/types.js'
import { listRoute } from '../kit/list-screen.js'
import { loadGroups, type Grouped } from '../kit/load.js'
import { LastChanged, StatusBadges } from '../kit/publish-status.js'
import type { WithPublishing } from '../lib/publishing.js'
import { MESSAGES } from '../../../shared/messages.js'

type Listed = Grouped<WithPublishing<Project>>

// Every original with its translations: each language's status shows in the list (issue 22).
export const clientLoader = () => loadGroups<WithPublishing<Project>>('/get-all-projects', MESSAGES.fetchProjects)

const excerpt = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text)

/** SPEC 2: the original projects (parentId null) with Project Title, Description, Location, Actions. */
export default listRoute<Listed>({
  title: 'Projects',
  add: { to: '/admin/add-project', label: 'Add Project' },
  // Four wide columns: on a phone the table scrolls sideways rather than stacking.
  layout: 'scroll',
  columns: [
    { header: 'Project Title', rowHeader: true, cell: (project) => project.title },
    { header: 'Description', className: 'admin-cell-text', cell: (project) => excerpt(project.description) },
    // SPEC 2: the Location column shows the status field.
    { header: 'Location', cell: (project) => project.status },
    { header: 'Publishing', cell: (project) => <StatusBadges members={project.members} /> },
    { header: 'Last changed', cell: (project) => <LastChanged records={project.members} /> },
  ],
  details: { to: (project) => `/admin/project/${project._id}` },
})
