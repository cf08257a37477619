import { describe, expect, it } from 'vitest'
import {
  buildProjectFormData,
  checkProjectForm,
  galleryOrder,
  SAME_SLUG_ALERT,
  type ProjectFormMode,
} from './project-form-data.js'

const ORIGINAL = { _id: '6f1c2a4e-8b7d-4e0a-9c3b-2d5e6f7a8b9c', slug: 'villa-sol-nerja' }
const image = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' })
/** A file input the admin left empty: browsers send one nameless, empty File. */
const emptyInput = () => new File([], '', { type: 'application/octet-stream' })

/** What the browser collects from the form. */
function typed(values: Record<string, string | File | File[]>) {
  const data = new FormData()
  const all = { title: 'Villa Sol, Nerja', description: '', status: '', space: '', beds: '', baths: '', ...values }
  for (const [name, value] of Object.entries(all)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item)
  }
  return data
}

function build(mode: ProjectFormMode, data: FormData, extra: Partial<Parameters<typeof buildProjectFormData>[0]> = {}) {
  const checked = checkProjectForm(mode, data, ORIGINAL)
  if (!checked.ok) throw new Error(`refused: ${JSON.stringify(checked)}`)
  return buildProjectFormData({ mode, ...checked, data, amenities: [], source: ORIGINAL, ...extra })
}

describe('checkProjectForm', () => {
  it('refuses an empty title with the schema message, naming the field', () => {
    expect(checkProjectForm('add', typed({ title: '  ' }))).toEqual({
      ok: false,
      message: 'Title is required',
      field: 'title',
    })
  })

  it('refuses beds that are not a whole number', () => {
    expect(checkProjectForm('update', typed({ beds: '2.5' }), ORIGINAL)).toEqual({
      ok: false,
      message: 'Beds must be a whole number from 0 to 1000',
      field: 'beds',
    })
  })

  it("alerts when a translation's slug is its original's, typed exactly or as the server would slugify it", () => {
    for (const slug of ['villa-sol-nerja', '  villa-sol-nerja  ', 'Villa Sol Nerja', 'VILLA SÓL, NERJA']) {
      expect(checkProjectForm('translate', typed({ language: 'sv', translatedSlug: slug }), ORIGINAL)).toEqual({
        ok: false,
        alert: SAME_SLUG_ALERT,
      })
    }
    expect(SAME_SLUG_ALERT).toBe("Project slug shouldn't be same")
  })

  it('asks for the translation language before anything else is checked', () => {
    expect(checkProjectForm('translate', typed({ title: '', language: '' }), ORIGINAL)).toEqual({
      ok: false,
      message: 'Translation Language is required',
      field: 'language',
    })
  })
})

describe('buildProjectFormData', () => {
  it('add: every text field, the coming-soon flag, English by default, the chosen files', () => {
    const form = build(
      'add',
      typed({
        description: 'On the cliffs.',
        beds: '4',
        isShow: 'true',
        language: '',
        featuredImage: image('featured.jpg'),
        galleryBannerImage: emptyInput(),
        galleryImages: [image('g1.jpg'), image('g2.jpg')],
      }),
    )
    expect(form.get('title')).toBe('Villa Sol, Nerja')
    expect(form.get('description')).toBe('On the cliffs.')
    expect(form.get('beds')).toBe('4')
    expect(form.get('isShow')).toBe('true')
    expect(form.get('language')).toBe('en')
    expect((form.get('featuredImage') as File).name).toBe('featured.jpg')
    expect(form.has('galleryBannerImage')).toBe(false)
    expect(form.getAll('galleryImages').map((f) => (f as File).name)).toEqual(['g1.jpg', 'g2.jpg'])
    for (const name of ['translate', 'parentId', 'galleryOrder', 'removeImages']) expect(form.has(name)).toBe(false)
  })

  it('add: an unticked coming-soon box is sent as false', () => {
    expect(build('add', typed({})).get('isShow')).toBe('false')
  })

  it('add keeps only amenities with an image; update and translate also keep those with only a title', () => {
    const amenities = [
      { title: ' Infinity pool ', image: '/uploads/pool.jpg' },
      { title: 'Wine cellar', image: null },
      { title: '  ', image: null },
    ]
    expect(JSON.parse(build('add', typed({}), { amenities }).get('amenities') as string)).toEqual([
      { title: 'Infinity pool', image: '/uploads/pool.jpg' },
    ])
    for (const mode of ['update', 'translate'] as const) {
      expect(JSON.parse(build(mode, typed({ language: 'sv' }), { amenities }).get('amenities') as string)).toEqual([
        { title: 'Infinity pool', image: '/uploads/pool.jpg' },
        { title: 'Wine cellar', image: null },
      ])
    }
  })

  it('update: no language, and the gallery order only when the admin changed it', () => {
    const stored = ['/uploads/a.jpg', '/uploads/b.jpg', '/uploads/c.jpg']
    const same = build('update', typed({}), { gallery: { shown: stored, stored } })
    expect(same.has('language')).toBe(false)
    expect(same.has('galleryOrder')).toBe(false)
    const moved = build('update', typed({}), { gallery: { shown: [stored[2]!, stored[0]!, stored[1]!], stored } })
    expect(JSON.parse(moved.get('galleryOrder') as string)).toEqual([stored[2], stored[0], stored[1]])
  })

  it('update: the slug only when it changed, as typed (the server makes it an address)', () => {
    expect(build('update', typed({ slug: 'Villa-Sol-Nerja ' })).has('slug')).toBe(false)
    expect(build('update', typed({ slug: 'Villa Sol Straße' })).get('slug')).toBe('Villa Sol Straße')
    expect(checkProjectForm('update', typed({ slug: '🏠' }), ORIGINAL)).toEqual({
      ok: false,
      message: 'Slug must hold letters or digits, e.g. villa-sol-nerja',
      field: 'slug',
    })
  })

  it('translate: the original, the chosen language and slug, and the images it leaves out', () => {
    const form = build('translate', typed({ language: 'sv', translatedSlug: ' villa-sol-i-nerja ' }), {
      dropped: new Set(['/uploads/banner.jpg']),
    })
    expect(form.get('translate')).toBe('true')
    expect(form.get('parentId')).toBe(ORIGINAL._id)
    expect(form.get('language')).toBe('sv')
    expect(form.get('translatedSlug')).toBe('villa-sol-i-nerja')
    expect(JSON.parse(form.get('removeImages') as string)).toEqual(['/uploads/banner.jpg'])
  })

  it('translate: an empty slug is left out, so the server makes one from the title', () => {
    const form = build('translate', typed({ language: 'sv', translatedSlug: '' }))
    expect(form.has('translatedSlug')).toBe(false)
    expect(JSON.parse(form.get('removeImages') as string)).toEqual([])
  })
})

describe('galleryOrder', () => {
  it('keeps stored images the screen does not show at the end, so none is lost', () => {
    expect(
      galleryOrder(['/uploads/b.jpg', '/uploads/a.jpg'], ['/uploads/a.jpg', '/uploads/b.jpg', '/uploads/n.jpg']),
    ).toEqual(['/uploads/b.jpg', '/uploads/a.jpg', '/uploads/n.jpg'])
  })

  it('drops shown images the server no longer holds (removed meanwhile)', () => {
    expect(
      galleryOrder(['/uploads/gone.jpg', '/uploads/b.jpg', '/uploads/a.jpg'], ['/uploads/a.jpg', '/uploads/b.jpg']),
    ).toEqual(['/uploads/b.jpg', '/uploads/a.jpg'])
  })
})
