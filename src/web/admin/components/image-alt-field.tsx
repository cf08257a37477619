import { useState } from 'react'
import { ALT_TEXT_MAX, isDecorative, type WithImageAlts } from '../../../shared/image-alts.js'
import { ALT_FIELD, altFallback, DECORATIVE_FIELD } from './image-alt-form.js'

interface ImageAltFieldProps {
  /** The record the image belongs to: its own alt text and, for a translation, the original's. */
  record: WithImageAlts & { title: string; language: string }
  path: string
  /** What the image is, e.g. 'featured image': names the inputs for screen readers. */
  what: string
}

/**
 * An image's alt text in the record's language, or 'Decorative' (decision 115). Empty shows what
 * the page falls back to as the placeholder: the original's alt text, else the title.
 */
export function ImageAltField({ record, path, what }: ImageAltFieldProps) {
  const own = record.imageAlts?.[path]
  const [decorative, setDecorative] = useState(isDecorative(own))
  return (
    <div className="admin-image-alt" lang={record.language}>
      <label>
        <span>
          Alt text<span className="visually-hidden"> of the {what}</span>
        </span>
        <input
          name={`${ALT_FIELD}${path}`}
          defaultValue={typeof own === 'string' ? own : ''}
          maxLength={ALT_TEXT_MAX}
          placeholder={decorative ? '' : altFallback(record, path, record.title)}
          disabled={decorative}
          autoComplete="off"
        />
      </label>
      <label className="admin-check">
        <input
          type="checkbox"
          name={`${DECORATIVE_FIELD}${path}`}
          value="true"
          checked={decorative}
          onChange={(event) => setDecorative(event.currentTarget.checked)}
        />
        <span>
          Decorative<span className="visually-hidden"> ({what})</span>
        </span>
      </label>
    </div>
  )
}
