import type { PageText } from '../../shared/site-data.js'
import type { Project } from '../../shared/types.js'
import { localePath } from './languages.js'
import { makeTranslate } from './page-text.js'
import type { Breadcrumb } from './structured-data.js'

/** Home > Our Portfolio > the project, in the project's language (its JSON-LD breadcrumbs). */
export function projectBreadcrumbs(
  layout: { chrome: PageText; settings: { companyName: string } },
  project: Pick<Project, 'language' | 'slug' | 'title'>,
): Breadcrumb[] {
  const t = makeTranslate(project.language, [layout.chrome])
  return [
    { name: layout.settings.companyName, path: localePath(project.language, '/') },
    { name: t('Our Portfolio'), path: localePath(project.language, '/all-projects') },
    { name: project.title, path: `/project/${project.slug}` },
  ]
}
