import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

// SPEC 2: every public page at /x and /{lang}/x; the project page carries its own language.
const localized = (path: string, file: string, id: string) => [
  route(path, file, { id }),
  route(`:lang/${path}`, file, { id: `${id}-lang` }),
]

export default [
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('sitemaps/:file', 'routes/sitemap-part.ts'),
  route('robots.txt', 'routes/robots.ts'),
  layout('routes/site-layout.tsx', [
    index('routes/home.tsx', { id: 'home' }),
    route(':lang', 'routes/home.tsx', { id: 'home-lang' }),
    ...localized('about', 'routes/about.tsx', 'about'),
    ...localized('all-projects', 'routes/all-projects.tsx', 'all-projects'),
    ...localized('contact', 'routes/contact.tsx', 'contact'),
    ...localized('coming-soon', 'routes/coming-soon.tsx', 'coming-soon'),
    ...localized('privacy-policy', 'routes/privacy-policy.tsx', 'privacy-policy'),
    route('project/:slug', 'routes/project.tsx'),
    route('404', 'routes/not-found.tsx'),
  ]),
  // The back office: rendered in the browser (the token lives in local storage).
  route('admin/login', 'admin/routes/login.tsx'),
  route('admin/accept-invitation', 'admin/routes/accept-invitation.tsx'),
  layout('admin/routes/admin-layout.tsx', [
    route('admin', 'admin/routes/admin-index.tsx'),
    route('admin/dashboard', 'admin/routes/dashboard.tsx'),
    route('admin/projects', 'admin/routes/projects.tsx'),
    route('admin/add-project', 'admin/routes/add-project.tsx'),
    route('admin/project/:id', 'admin/routes/project-detail.tsx'),
    route('admin/update-project/:id', 'admin/routes/update-project.tsx'),
    route('admin/translate-project/:id', 'admin/routes/translate-project.tsx'),
    route('admin/reviews', 'admin/routes/reviews.tsx'),
    route('admin/add-review', 'admin/routes/add-review.tsx'),
    route('admin/review/:id', 'admin/routes/review-detail.tsx'),
    route('admin/update-review/:id', 'admin/routes/update-review.tsx'),
    route('admin/translate-review/:id', 'admin/routes/translate-review.tsx'),
    route('admin/languages', 'admin/routes/languages.tsx'),
    route('admin/add-language', 'admin/routes/add-language.tsx'),
    route('admin/language/:id', 'admin/routes/language-detail.tsx'),
    route('admin/update-language/:id', 'admin/routes/update-language.tsx'),
    route('admin/translations', 'admin/routes/translations.tsx'),
    route('admin/update-translation/:id', 'admin/routes/update-translation.tsx'),
    route('admin/overview', 'admin/routes/overview.tsx'),
    route('admin/history/:kind/:id', 'admin/routes/history.tsx'),
    route('admin/trash', 'admin/routes/trash.tsx'),
    route('admin/enquiries', 'admin/routes/enquiries.tsx'),
    route('admin/enquiry/:id', 'admin/routes/enquiry-detail.tsx'),
    route('admin/account', 'admin/routes/account.tsx'),
    route('admin/users', 'admin/routes/users.tsx'),
    route('admin/audit-log', 'admin/routes/audit-log.tsx'),
    route('admin/settings', 'admin/routes/site-settings.tsx'),
    route('admin/redirects', 'admin/routes/redirects.tsx'),
    route('admin/seo-check', 'admin/routes/seo-check.tsx'),
  ]),
  route('*', 'routes/unknown-path.ts'),
] satisfies RouteConfig
