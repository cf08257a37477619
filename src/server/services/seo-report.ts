import { PROJECTS_PER_PAGE } from '../../shared/page-query.js'
import { HOME_REVIEW_COUNT } from '../../shared/constants.js'
import { labelledProjectImages, missingAlts, reviewAltImages } from '../../shared/image-alts.js'
import type { Project } from '../../shared/types.js'
import { SEO_GUIDANCE, type SeoLanguageReport, type SeoProblem, type SeoReport } from '../../shared/seo-report.js'
import type { PageText, SiteData } from '../../shared/site-data.js'
import { SITE_PAGES } from '../../shared/site-pages.js'
import { makeTranslate } from '../../shared/translate.js'
import { type Alternate, hreflangSet, projectAlternates } from '../../web/lib/hreflang.js'
import { localePath } from '../../web/lib/languages.js'
import { type PageHead, projectHead, SITE_PAGE_HEADS } from '../../web/lib/page-heads.js'
import { withPageSeo } from '../../web/lib/seo.js'
import { textFor } from '../../web/lib/page-text.js'
import { documentTitle } from '../../web/lib/seo.js'
import { GROUPS_PER_SITEMAP, pageEntries } from '../../web/lib/sitemap-entries.js'
import type { Executor } from '../db/client.js'
import { redirects, translationPages } from '../db/schema.js'
import { redirectChains } from './seo-redirects.js'

// The SEO check (issue 24, item 8; decision 113). It reads what the sitemaps read (the same
// SiteData and the same entry functions) and makes each page's title and description with the
// functions the page head uses (web/lib/page-heads.ts), so it reports what a crawler would see.

/** One page as the check sees it: its address, language versions, head and where it is edited. */
interface CheckedPage {
  path: string
  alternates: Alternate[]
  head: PageHead
  fix: string
  noindex?: boolean
  /** What its images lack: 'featured image', 'gallery image 3' … (decision 115). */
  missingAlt?: string[]
}

/** The site pages in a language: their heads from the page texts, as their routes make them. */
async function sitePages(site: SiteData, lang: string, edits: Map<string, string>): Promise<CheckedPage[]> {
  const [entries, listed] = await Promise.all([
    pageEntries(site, lang),
    site.projects(lang, { limit: PROJECTS_PER_PAGE }),
  ])
  const texts = new Map<string, PageText>()
  for (const { texts: names } of Object.values(SITE_PAGE_HEADS))
    for (const name of names) if (!texts.has(name)) texts.set(name, await site.pageText(name))
  const titles = listed.map((p) => p.title)
  const indexed = new Map(entries.map((entry) => [entry.path, entry.alternates]))
  // Each page text's own SEO fields (decision 112) over the derived head, as the route's meta does.
  const seo = await Promise.all(SITE_PAGES.map((page) => site.pageSeo(page.pageText)))
  return SITE_PAGES.map((page, i) => {
    const { texts: names, head } = SITE_PAGE_HEADS[page.path]!
    const own = seo[i]![lang]
    const t = makeTranslate(
      lang,
      names.map((name) => textFor(texts.get(name)!, lang)),
    )
    const path = localePath(lang, page.path)
    const text = names[0]!
    return {
      path,
      alternates: indexed.get(path) ?? [],
      head: withPageSeo(head(t, titles), own),
      fix: edits.has(text) ? `/admin/update-translation/${edits.get(text)}` : '/admin/translations',
      noindex: !page.indexed || own?.noindex === true,
    }
  })
}

/** Every project page in a language (each translation group's member in it), as the sitemaps list them. */
async function projectPages(site: SiteData, lang: string): Promise<CheckedPage[]> {
  const pages: CheckedPage[] = []
  for (let offset = 0; ; offset += GROUPS_PER_SITEMAP) {
    const groups = await site.projectGroups({ limit: GROUPS_PER_SITEMAP, offset })
    for (const project of groups.flat())
      if (project.language === lang)
        pages.push({
          path: `/project/${project.slug}`,
          alternates: projectAlternates(project),
          head: projectHead(project),
          fix: `/admin/update-project/${project._id}`,
          noindex: project.noindex === true,
          missingAlt: missingAltLabels(project),
        })
    if (groups.length < GROUPS_PER_SITEMAP) return pages
  }
}

/** The images of a project with no alt text in its language, named for the admin. */
function missingAltLabels(project: Project): string[] {
  const labelled = labelledProjectImages(project)
  return missingAlts([...labelled.keys()], project.imageAlts, project.parentId?.imageAlts).map((path) =>
    labelled.get(path)!,
  )
}

/**
 * Images without alt text in the language (decision 115): each project page's, and the reviewers'
 * pictures its home page shows. Decorative images are not missing.
 */
async function checkAltText(site: SiteData, lang: string, pages: CheckedPage[]): Promise<SeoProblem[]> {
  const problems: SeoProblem[] = []
  const say = (count: number, names: string) =>
    `${count === 1 ? '1 image has' : `${count} images have`} no alt text in this language: ${names}`
  for (const page of pages)
    if (page.missingAlt?.length)
      problems.push({
        kind: 'missing-alt',
        path: page.path,
        fix: page.fix,
        message: say(page.missingAlt.length, page.missingAlt.join(', ')),
      })
  for (const review of await site.reviews(lang, HOME_REVIEW_COUNT))
    if (missingAlts(reviewAltImages(review), review.imageAlts, review.parentId?.imageAlts).length > 0)
      problems.push({
        kind: 'missing-alt',
        path: localePath(lang, '/'),
        fix: `/admin/update-review/${review._id}`,
        message: say(1, `the picture of the review “${review.title}”`),
      })
  return problems
}

/** Missing, too long or too short titles and descriptions, and those two pages share. */
function checkHeads(pages: CheckedPage[], company: string): SeoProblem[] {
  const problems: SeoProblem[] = []
  const { titleMax, descriptionMin, descriptionMax } = SEO_GUIDANCE
  const shared = { title: new Map<string, CheckedPage[]>(), description: new Map<string, CheckedPage[]>() }
  for (const page of pages) {
    const title = page.head.title.trim() ? documentTitle(page.head.title.trim(), company) : ''
    const description = page.head.description.trim()
    const at = { path: page.path, fix: page.fix }
    if (!title) problems.push({ ...at, kind: 'missing-title', message: 'No title' })
    else if (title.length > titleMax)
      problems.push({
        ...at,
        kind: 'long-title',
        message: `The title "${title}" is ${title.length} characters; search results show about ${titleMax}`,
      })
    if (!description) problems.push({ ...at, kind: 'missing-description', message: 'No description' })
    else if (description.length < descriptionMin || description.length > descriptionMax)
      problems.push({
        ...at,
        kind: 'description-length',
        message: `The description is ${description.length} characters; ${descriptionMin}–${descriptionMax} is best`,
      })
    // A page search engines skip competes with nothing.
    if (page.noindex) continue
    if (title) shared.title.set(title, [...(shared.title.get(title) ?? []), page])
    if (description) shared.description.set(description, [...(shared.description.get(description) ?? []), page])
  }
  for (const field of ['title', 'description'] as const)
    for (const group of shared[field].values()) {
      if (group.length < 2) continue
      for (const page of group)
        problems.push({
          kind: field === 'title' ? 'duplicate-title' : 'duplicate-description',
          path: page.path,
          fix: page.fix,
          message: `The same ${field} as ${group
            .filter((other) => other !== page)
            .map((other) => other.path)
            .join(', ')}`,
        })
    }
  return problems
}

/**
 * hreflang as the head and the sitemap write it (both from hreflangSet): each indexed page refers
 * to itself and to an x-default, and each language version it names is an indexed page that names
 * the same set back and is not redirected elsewhere.
 */
function checkHreflang(
  lang: string,
  pages: CheckedPage[],
  everywhere: Map<string, CheckedPage>,
  redirected: Set<string>,
): SeoProblem[] {
  const problems: SeoProblem[] = []
  const key = (alternates: Alternate[]) => JSON.stringify(hreflangSet(alternates))
  for (const page of pages) {
    if (page.noindex) continue
    const at = { kind: 'hreflang' as const, path: page.path, fix: page.fix }
    const set = hreflangSet(page.alternates)
    if (!set.some((a) => a.lang === lang && a.path === page.path))
      problems.push({ ...at, message: 'No hreflang link to the page itself' })
    if (!set.some((a) => a.lang === 'x-default')) problems.push({ ...at, message: 'No x-default hreflang link' })
    for (const alternate of set) {
      if (alternate.lang === 'x-default' || alternate.path === page.path) continue
      const target = everywhere.get(alternate.path)
      if (redirected.has(alternate.path))
        problems.push({ ...at, message: `hreflang ${alternate.lang} points at ${alternate.path}, which redirects` })
      else if (!target)
        problems.push({ ...at, message: `hreflang ${alternate.lang} points at ${alternate.path}, which is not listed` })
      else if (key(target.alternates) !== key(page.alternates))
        problems.push({ ...at, message: `hreflang ${alternate.lang} -> ${alternate.path} does not link back the same` })
    }
  }
  return problems
}

/** GET /api/admin/seo-report: per language, what a search engine would find wrong. */
export async function seoReport(db: Executor, site: SiteData): Promise<SeoReport> {
  const [languages, settings, pageRows, redirectRows] = await Promise.all([
    site.languages(),
    site.settings(),
    db.select({ id: translationPages.id, page: translationPages.page }).from(translationPages),
    db
      .select({ from: redirects.fromPath, to: redirects.toPath, language: redirects.language })
      .from(redirects)
      .limit(100_000),
  ])
  const edits = new Map(pageRows.map((row) => [row.page, row.id]))
  const byLanguage = new Map<string, CheckedPage[]>()
  for (const { code } of languages)
    byLanguage.set(code, [...(await sitePages(site, code, edits)), ...(await projectPages(site, code))])
  const everywhere = new Map([...byLanguage.values()].flat().map((page) => [page.path, page]))
  const redirected = new Set(redirectRows.map((row) => row.from))
  const chains = redirectChains(
    redirectRows,
    languages.map((l) => l.code),
  )
  const alts = new Map<string, SeoProblem[]>()
  for (const { code } of languages) alts.set(code, await checkAltText(site, code, byLanguage.get(code)!))
  const reports: SeoLanguageReport[] = languages.map(({ code, name }) => {
    const pages = byLanguage.get(code)!
    const noindex = pages
      .filter((page) => page.noindex)
      .map((page) => ({
        kind: 'noindex' as const,
        path: page.path,
        fix: page.fix,
        message: 'Not indexed: left out of the sitemap and of hreflang',
      }))
    return {
      code,
      name,
      pages: pages.filter((page) => !page.noindex).length,
      problems: [
        ...checkHeads(pages, settings.companyName),
        ...checkHreflang(code, pages, everywhere, redirected),
        ...noindex,
        ...(chains.get(code) ?? []),
        ...alts.get(code)!,
      ],
    }
  })
  return {
    generatedAt: new Date().toISOString(),
    guidance: SEO_GUIDANCE,
    languages: reports,
    notes: [
      'Alt text counts as missing in a language when the image has none of its own there and is not marked decorative; meanwhile the page shows the original’s alt text, or one made from the title.',
    ],
  }
}
