import { describe, expect, it } from 'vitest'
import { compareVersion } from './compare-versions.js'

describe('compareVersion', () => {
  it('puts the changed fields first, labelled as the edit screen labels them', () => {
    const rows = compareVersion(
      { title: 'Villa Sol', description: 'Old text', beds: 4 },
      { title: 'Villa Sol', description: 'New text', beds: 4 },
    )
    expect(rows.map((r) => [r.label, r.changed])).toEqual([
      ['Description', true],
      ['Title', false],
      ['Beds', false],
    ])
    expect(rows[0]).toMatchObject({ then: 'Old text', now: 'New text' })
  })

  it('leaves out what is not content and treats a missing field as empty', () => {
    const rows = compareVersion({ _id: 'a', version: 3, galleryTitle1: 'Light' }, { _id: 'b', version: 9 })
    expect(rows).toEqual([{ field: 'galleryTitle1', label: 'Gallery Title 1', then: 'Light', now: '—', changed: true }])
  })

  it('compares lists and amenities by their text', () => {
    const rows = compareVersion(
      { amenities: [{ title: 'Pool', image: 'a.jpg' }], isShow: false },
      { amenities: [{ title: 'Pool', image: 'b.jpg' }], isShow: false },
    )
    expect(rows[0]).toMatchObject({ field: 'amenities', then: 'Pool (a.jpg)', now: 'Pool (b.jpg)', changed: true })
    expect(rows[1]).toMatchObject({ field: 'isShow', then: 'No', changed: false })
  })

  it('compares a page text by its source texts', () => {
    const rows = compareVersion({ Welcome: 'Välkommen' }, { Welcome: 'Hej' })
    expect(rows).toEqual([{ field: 'Welcome', label: 'Welcome', then: 'Välkommen', now: 'Hej', changed: true }])
  })
})
