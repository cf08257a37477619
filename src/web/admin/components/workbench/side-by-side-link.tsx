import { Link } from 'react-router'
import { workbenchPath, type WorkbenchKind } from '../../../../shared/translation-workbench.js'

interface SideBySideLinkProps {
  kind: WorkbenchKind
  /** Any record of the group (a page's id for page text). */
  id: string
  language: string
  /** The language in words, read after the link's text ('Translate side by side in Español'). */
  languageName: string
  /** Shown instead of the default words, e.g. 'side by side' in a crowded table cell. */
  text?: string
}

/** The way into the side-by-side translation screen from a record's screens, the overview and the dashboard. */
export function SideBySideLink({
  kind,
  id,
  language,
  languageName,
  text = 'Translate side by side',
}: SideBySideLinkProps) {
  return (
    <Link className="admin-side-by-side" to={workbenchPath(kind, id, language)}>
      {text}
      <span className="visually-hidden"> in {languageName}</span>
    </Link>
  )
}
