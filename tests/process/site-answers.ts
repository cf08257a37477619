import { createHash } from 'node:crypto'

/**
 * Everything the API answers about a site, for comparing two sites (a restored backup and the
 * original): every list and every record's own answer, and a hash of every referenced image.
 */
export interface SiteAnswers {
  answers: Record<string, unknown>
  images: Record<string, string>
}

type Json = any

export async function siteAnswers(origin: string, token: string): Promise<SiteAnswers> {
  const answers: Record<string, unknown> = {}
  const get = async (path: string): Promise<Json> => {
    const res = await fetch(`${origin}/api/admin${path}`, { headers: { authorization: `Bearer ${token}` } })
    const text = await res.text()
    let body: Json = text
    try {
      body = JSON.parse(text)
    } catch {}
    answers[path] = { status: res.status, body }
    return body
  }

  const languages: Json[] = await get('/get-languages')
  for (const l of languages) await get(`/get-language/${l._id}`)
  const projects: Json[] = await get('/get-projects')
  await get('/count-projects')
  for (const l of languages) {
    await get(`/get-projects/${l.code}`)
    await get(`/get-reviews/${l.code}`)
  }
  for (const p of projects) {
    await get(`/get-project/${p._id}`)
    await get(`/single-project/${p.slug}`)
    await get(`/get-project-translations/${p._id}`)
  }
  const reviews: Json[] = await get('/get-reviews')
  for (const r of reviews) {
    await get(`/get-review/${r._id}`)
    await get(`/get-review-translations/${r._id}`)
  }
  const pages: Json[] = await get('/get-translations')
  for (const page of pages) {
    await get(`/get-translation/${page._id}`)
    await get(`/get-translation-page/${page.page}`)
  }
  const enquiries: Json[] = await get('/get-enquiries')
  await get('/enquiries.csv')
  for (const e of enquiries) await get(`/get-enquiry/${e._id}`)

  const paths = new Set<string>()
  for (const p of projects) {
    for (const path of [p.featuredImage, p.galleryBannerImage, ...p.galleryImages]) if (path) paths.add(path)
    for (const a of p.amenities) if (a.image) paths.add(a.image)
  }
  for (const r of reviews) if (r.featuredImage) paths.add(r.featuredImage)
  const images: Record<string, string> = {}
  for (const path of [...paths].sort()) {
    const res = await fetch(`${origin}${path}`)
    images[path] =
      res.status === 200
        ? createHash('sha256')
            .update(Buffer.from(await res.arrayBuffer()))
            .digest('hex')
        : 'missing'
  }
  return { answers, images }
}
