import { Link, useLoaderData } from 'react-router'
import type { EnquiryRule, Language, Project } from '../../../shared/types.js'
import { RulesEditor } from '../components/enquiry/rules-editor.js'
import { StagesEditor } from '../components/enquiry/stages-editor.js'
import { loadStages, loadTeam } from '../components/enquiry/team.js'
import { LoadError } from '../components/status-message.js'
import { load } from '../kit/load.js'
import { ScreenHeading } from '../kit/list-screen.js'
import { api } from '../lib/api.js'
import { useMe } from '../lib/me.js'

export const clientLoader = () =>
  load(async () => {
    const [stages, rules, languages, projects, team] = await Promise.all([
      loadStages(),
      api<{ rules: EnquiryRule[] }>('/enquiry-rules'),
      api<Language[]>('/get-languages'),
      api<Project[]>('/get-projects'),
      loadTeam(),
    ])
    return {
      stages,
      rules: rules.rules,
      languages,
      projects: projects
        .filter((p) => p.parentId === null)
        .map(({ _id, title, language }) => ({ _id, title, language })),
      team,
    }
  }, 'Failed to fetch the enquiry settings')

/** Beyond the SPEC (issue 42): the board's stages and who gets a new enquiry. */
export default function EnquirySettings() {
  const loaded = useLoaderData<typeof clientLoader>()
  const me = useMe()
  return (
    <>
      <ScreenHeading title="Enquiry settings" actions={<Link to="/admin/enquiries">All enquiries</Link>} />
      {loaded.error && <LoadError {...loaded.error} />}
      {loaded.data && (
        <>
          <StagesEditor initial={loaded.data.stages} mayEdit={me?.role === 'owner'} />
          <RulesEditor
            initial={loaded.data.rules}
            team={loaded.data.team}
            languages={loaded.data.languages}
            projects={loaded.data.projects}
          />
        </>
      )}
    </>
  )
}
