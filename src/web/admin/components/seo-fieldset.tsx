import { useEffect, useId, useState } from 'react'
import { guidanceOf, SEO_GUIDANCE, SEO_LIMITS, type SeoFields } from '../../../shared/seo-fields.js'
import { Field } from '../kit/admin-form.js'
import type { SubmitState } from '../kit/use-submit.js'
import { ImagePicker } from './image-picker.js'

interface SeoFieldsetProps {
  submit: SubmitState
  /** The record's language: the previews are in it (their `lang`). */
  lang: string
  /** What is stored now (the draft's when there is one). */
  seo: SeoFields | undefined
  /** What an empty field means: the page's derived title and description. */
  fallback: { title: string; description: string }
  /** The page's address on the site, e.g. /project/villa-sol or /es/about. */
  path: string
  /** The picture the generated card is made from when there is no ogImage. */
  picture?: string | null | undefined
  /** Field names, when the form sends them under other names (the page text editor: per language). */
  names?: Partial<Record<'seoTitle' | 'seoDescription' | 'noindex' | 'ogImage', string>>
}

// Labels say "search" and "social", never "Title" or "Description": the SPEC's own labels stay
// unique on the forms that hold this fieldset (decision 112).
const COUNTER_TEXT = {
  seoTitle: {
    empty: 'Empty: the page’s own title is used.',
    short: '',
    good: `characters: shown whole (up to about ${SEO_GUIDANCE.seoTitle.max}).`,
    long: `characters: search results cut titles after about ${SEO_GUIDANCE.seoTitle.max}.`,
  },
  seoDescription: {
    empty: 'Empty: a summary of the page’s text is used.',
    short: `characters: a little short (aim for ${SEO_GUIDANCE.seoDescription.min}–${SEO_GUIDANCE.seoDescription.max}).`,
    good: `characters: a good length (${SEO_GUIDANCE.seoDescription.min}–${SEO_GUIDANCE.seoDescription.max}).`,
    long: `characters: search results cut descriptions after about ${SEO_GUIDANCE.seoDescription.max}.`,
  },
}

function Counter({ id, field, length }: { id: string; field: 'seoTitle' | 'seoDescription'; length: number }) {
  const guidance = guidanceOf(field, length)
  const text = guidance === 'empty' ? COUNTER_TEXT[field].empty : `${length} ${COUNTER_TEXT[field][guidance]}`
  return (
    <span id={id} className={`seo-counter seo-counter--${guidance}`} data-guidance={guidance}>
      {text}
    </span>
  )
}

interface CountedFieldProps {
  submit: SubmitState
  name: string
  field: 'seoTitle' | 'seoDescription'
  label: string
  counterId: string
  value: string
  onChange: (value: string) => void
  placeholder: string
  /** A text area of this many rows; a one-line input without. */
  rows?: number
}

/** A search field with its length counter as its hint, cut at the field's limit. */
function CountedField({
  submit,
  name,
  field,
  label,
  counterId,
  value,
  onChange,
  placeholder,
  rows,
}: CountedFieldProps) {
  return (
    <Field
      submit={submit}
      name={name}
      label={label}
      hint={<Counter id={counterId} field={field} length={value.trim().length} />}
    >
      {(control) => {
        const props = {
          ...control,
          value,
          onChange: (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value),
          maxLength: SEO_LIMITS[field],
          placeholder,
        }
        return rows ? <textarea {...props} rows={rows} /> : <input {...props} autoComplete="off" />
      }}
    </Field>
  )
}

/**
 * A record's search and social fields in its language (issue 24, item 1): the search headline and
 * snippet with counters coloured by the usual guidance, the social card picture, noindex, and live
 * previews of the search result (desktop and phone) and of the social card. Folded by default: its
 * previews repeat the record's title, which the rest of the form's readers should not meet twice.
 */
export function SeoFieldset(props: SeoFieldsetProps) {
  const [open, setOpen] = useState(Boolean(props.seo?.seoTitle || props.seo?.seoDescription || props.seo?.noindex))
  return (
    <details
      className="admin-card project-section seo-fieldset"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>Search and social</summary>
      {open && <SeoFields {...props} />}
    </details>
  )
}

function SeoFields({ submit, lang, seo, fallback, path, picture, names = {} }: SeoFieldsetProps) {
  const id = useId()
  const [title, setTitle] = useState(seo?.seoTitle ?? '')
  const [description, setDescription] = useState(seo?.seoDescription ?? '')
  const [noindex, setNoindex] = useState(seo?.noindex ?? false)
  const [chosen, setChosen] = useState<string | null>(null)
  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen)), [chosen])
  const shownTitle = title.trim() || fallback.title
  const shownDescription = description.trim() || fallback.description
  const card = chosen ?? seo?.ogImage ?? picture ?? null
  const host = typeof window === 'undefined' ? '' : window.location.host
  const address = `${host}${path}`

  return (
    <div className="seo-fields">
      <CountedField
        submit={submit}
        name={names.seoTitle ?? 'seoTitle'}
        field="seoTitle"
        label="Search result headline"
        counterId={`${id}-title-count`}
        value={title}
        onChange={setTitle}
        placeholder={fallback.title}
      />
      <CountedField
        submit={submit}
        name={names.seoDescription ?? 'seoDescription'}
        field="seoDescription"
        label="Search result snippet"
        counterId={`${id}-description-count`}
        value={description}
        onChange={setDescription}
        placeholder={fallback.description}
        rows={3}
      />
      {names.ogImage !== '' && (
        <ImagePicker
          label="Social card picture"
          name={names.ogImage ?? 'ogImage'}
          hint="Optional: shown when the page is shared, cut to 1200×630. Without one, a card is made from the page’s picture and headline."
          onChange={(files) => setChosen(files[0] ? URL.createObjectURL(files[0]) : null)}
        />
      )}
      <div className="admin-check">
        <input
          id={`${id}-noindex`}
          type="checkbox"
          name={names.noindex ?? 'noindex'}
          value="true"
          checked={noindex}
          onChange={(event) => setNoindex(event.currentTarget.checked)}
        />
        <label htmlFor={`${id}-noindex`}>Keep out of search engines (noindex)</label>
      </div>
      {/* An unticked box sends nothing: this says "false" for it, so unticking is saved. */}
      {!noindex && <input type="hidden" name={names.noindex ?? 'noindex'} value="false" />}

      <section className="seo-previews" aria-label="Previews" lang={lang}>
        {(['desktop', 'phone'] as const).map((device) => (
          <figure key={device} className="seo-preview">
            <figcaption>Search result, {device}</figcaption>
            <SearchResult
              className={`seo-serp seo-serp--${device}`}
              address={address}
              title={shownTitle}
              description={shownDescription}
              noindex={noindex}
            />
          </figure>
        ))}
        <figure className="seo-preview">
          <figcaption>Social card</figcaption>
          <div className="seo-card" data-testid="social-card-preview">
            <div className="seo-card__picture">
              {card ? <img src={card} alt="" /> : <span className="seo-card__blank" />}
              {!chosen && !seo?.ogImage && <span className="seo-card__overlay">{shownTitle}</span>}
            </div>
            <p className="seo-card__host">{host}</p>
            <p className="seo-card__title">{shownTitle}</p>
            <p className="seo-card__description">{shownDescription}</p>
          </div>
        </figure>
      </section>
    </div>
  )
}

function SearchResult(props: {
  className: string
  address: string
  title: string
  description: string
  noindex: boolean
}) {
  if (props.noindex)
    return (
      <div className={props.className}>
        <p className="seo-serp__hidden">Not shown in search results (noindex).</p>
      </div>
    )
  return (
    <div className={props.className} data-testid={props.className.includes('desktop') ? 'serp-desktop' : 'serp-phone'}>
      <p className="seo-serp__address">{props.address}</p>
      <p className="seo-serp__title">{props.title}</p>
      <p className="seo-serp__description">{props.description}</p>
    </div>
  )
}
