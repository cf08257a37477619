// The back office's navigation, declared once (issue 43): grouped by what a person came to do,
// each link with its label in words. Who sees a link is the one screen rule (`mayOpen` in me.ts);
// the layout renders this list as a sidebar on a desktop and a menu on a phone.

export interface NavLinkItem {
  to: string
  /** The spec's label where it names one (SPEC 4: dashboard, projects, reviews, languages, translations). */
  label: string
  /** Other paths that are this place too (a record's detail, edit and history screens). */
  alsoAt?: RegExp
}

export interface NavGroup {
  label: string
  links: readonly NavLinkItem[]
  /** The group that ends with the Logout button (SPEC 4: a button, since it signs out first). */
  logout?: true
}

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: 'Content',
    links: [
      { to: '/admin/dashboard', label: 'Dashboard' },
      {
        to: '/admin/projects',
        label: 'Projects',
        alsoAt: /^\/admin\/((add|update|translate)-project|project\/|history\/project\/|translate\/project\/)/,
      },
      {
        to: '/admin/reviews',
        label: 'Reviews',
        alsoAt: /^\/admin\/((add|update|translate)-review|review\/|history\/review\/|translate\/review\/)/,
      },
      { to: '/admin/trash', label: 'Trash' },
    ],
  },
  {
    label: 'Translation',
    links: [
      { to: '/admin/languages', label: 'Languages', alsoAt: /^\/admin\/(add-language|(update-)?language\/)/ },
      {
        to: '/admin/translations',
        label: 'Translations',
        alsoAt: /^\/admin\/(update-translation\/|history\/translation-page\/|translate\/translation-page\/)/,
      },
      { to: '/admin/overview', label: 'Overview' },
      { to: '/admin/translation-jobs', label: 'Translation jobs' },
      { to: '/admin/glossary', label: 'Glossary' },
    ],
  },
  {
    label: 'Enquiries',
    links: [
      { to: '/admin/enquiries', label: 'Enquiries', alsoAt: /^\/admin\/enquiry\// },
      { to: '/admin/enquiries/settings', label: 'Enquiry settings' },
    ],
  },
  {
    label: 'Site',
    links: [
      { to: '/admin/settings', label: 'Site settings' },
      { to: '/admin/redirects', label: 'Redirects' },
      { to: '/admin/seo-check', label: 'SEO check' },
    ],
  },
  {
    label: 'Team',
    links: [
      { to: '/admin/users', label: 'Users' },
      { to: '/admin/audit-log', label: 'Audit log' },
    ],
  },
  { label: 'Account', links: [{ to: '/admin/account', label: 'Account' }], logout: true },
]

/** Whether a link is the place at this path: its own path exactly, or one of its other screens. */
export const isCurrent = (link: NavLinkItem, pathname: string) =>
  pathname === link.to || (link.alsoAt?.test(pathname) ?? false)
