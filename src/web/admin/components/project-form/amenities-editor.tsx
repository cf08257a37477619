import { type ReactNode, useEffect, useRef } from 'react'
import type { Amenity } from '../../../../shared/types.js'
import { api } from '../../lib/api.js'
import { ImagePicker } from '../image-picker.js'
import { CurrentImage } from '../current-image.js'

/** One amenity as edited: its stored image (if any) and a newly chosen file (if any). */
export interface AmenityRow {
  key: string
  title: string
  /** The stored image path this row already has. */
  image: string | null
  /** A file chosen in this form, uploaded with upload-image on submit. */
  file: File | null
  /** The last upload of `file`, so a retried submit does not upload it again. */
  uploaded?: { file: File; image: string }
}

let nextKey = 0
export const newAmenityRow = (amenity?: Amenity): AmenityRow => ({
  key: `amenity-${++nextKey}`,
  title: amenity?.title ?? '',
  image: amenity?.image ?? null,
  file: null,
})

/**
 * Uploads each newly chosen amenity image first (SPEC 4). A failed upload is logged as
 * 'Image upload failed' and leaves that amenity without a new image (SPEC 8).
 */
export async function uploadAmenityImages(rows: AmenityRow[]): Promise<AmenityRow[]> {
  return Promise.all(
    rows.map(async (row) => {
      if (!row.file) return row
      if (row.uploaded?.file === row.file) return { ...row, image: row.uploaded.image }
      try {
        const form = new FormData()
        form.append('image', row.file)
        const { image } = await api<{ image: string }>('/upload-image', { method: 'POST', form })
        return { ...row, image, uploaded: { file: row.file, image } }
      } catch (error) {
        console.error('Image upload failed', error)
        return { ...row, image: row.image ?? null }
      }
    }),
  )
}

interface ProjectAmenitiesEditorProps {
  rows: AmenityRow[]
  onChange: (rows: AmenityRow[]) => void
  /** A stored image's alt text input (decision 115); `n` the amenity's place. */
  altField?: (image: string, n: number) => ReactNode
}

/** The repeatable amenity rows: 'Amenity Title', 'Amenity Image', 'Remove', 'Add More Amenity'. */
export function ProjectAmenitiesEditor({ rows, onChange, altField }: ProjectAmenitiesEditorProps) {
  const addButton = useRef<HTMLButtonElement>(null)
  const titles = useRef(new Map<string, HTMLInputElement>())
  const focusNext = useRef<string | 'add' | null>(null)

  useEffect(() => {
    const target = focusNext.current
    if (!target) return
    focusNext.current = null
    if (target === 'add') addButton.current?.focus()
    else titles.current.get(target)?.focus()
  }, [rows])

  const update = (key: string, change: Partial<AmenityRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)))

  function add() {
    const row = newAmenityRow()
    focusNext.current = row.key
    onChange([...rows, row])
  }

  function remove(key: string) {
    focusNext.current = 'add'
    onChange(rows.filter((row) => row.key !== key))
  }

  return (
    <div className="project-amenities">
      {rows.length === 0 && <p className="admin-muted">No amenities yet.</p>}
      <ol className="project-amenities__list">
        {rows.map((row, index) => {
          const n = index + 1
          return (
            <li key={row.key}>
              <fieldset className="admin-fieldset project-amenity">
                <legend>Amenity {n}</legend>
                <label>
                  Amenity Title
                  <input
                    value={row.title}
                    maxLength={200}
                    ref={(element) => {
                      if (element) titles.current.set(row.key, element)
                      else titles.current.delete(row.key)
                    }}
                    onChange={(event) => update(row.key, { title: event.currentTarget.value })}
                  />
                </label>
                <div className="project-amenity__image">
                  {row.image && (
                    <CurrentImage path={row.image} what={`image of amenity ${n}`} caption="Current image" />
                  )}
                  {row.image && !row.file && altField?.(row.image, n)}
                  <ImagePicker
                    label="Amenity Image"
                    name={`amenityImage-${row.key}`}
                    onChange={(files) => update(row.key, { file: files[0] ?? null })}
                  />
                </div>
                <div className="project-amenity__actions">
                  <button
                    type="button"
                    className="admin-button admin-button--quiet admin-button--small"
                    onClick={() => remove(row.key)}
                  >
                    Remove<span className="visually-hidden"> amenity {n}</span>
                  </button>
                </div>
              </fieldset>
            </li>
          )
        })}
      </ol>
      <button type="button" ref={addButton} className="admin-button admin-button--quiet" onClick={add}>
        Add More Amenity
      </button>
    </div>
  )
}
