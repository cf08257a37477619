import { confirmUnreviewed } from '../lib/unreviewed.js'
import { useId, useMemo, useState } from 'react'
import { BASE_LANGUAGE } from '../../../shared/constants.js'
import type { Language } from '../../../shared/types.js'
import { AdminForm } from '../kit/admin-form.js'
import { PublishingPanel } from '../kit/publishing-panel.js'
import { PUBLISHING_MESSAGES } from '../lib/publishing.js'
import { PageStatuses, storedTexts, type EditedPage } from './page-text-state.js'
import { fixedMessage, useSubmit } from '../kit/use-submit.js'
import { api } from '../lib/api.js'
import { languageLabel } from '../lib/language-names.js'
import { LanguageSelect } from './language-select.js'
import { missingKeys, sourceKeys, textsOf, type TextsByLanguage } from './translation-keys.js'
import { MESSAGES } from '../../../shared/messages.js'
import { SITE_PAGES } from '../../../shared/site-pages.js'
import { localePath } from '../../lib/languages.js'
import { SeoFieldset } from './seo-fieldset.js'
import { SideBySideLink } from './workbench/side-by-side-link.js'
import { QuietButton } from '../kit/quiet-button.js'

interface NewRow {
  id: number
  english: string
  translated: string
}

let nextRowId = 1
const emptyRow = (): NewRow => ({ id: nextRowId++, english: '', translated: '' })

/** Longer source texts get a text area that grows with its text, so the sentence stays readable on a phone. */
const LONG_TEXT = 30

interface TranslationEditorProps {
  page: EditedPage
  languages: Language[]
  initialLanguage: string
}

/**
 * SPEC 2: the text of one page in one language at a time. Every source text of the page (the
 * union over its languages) gets an input labelled with the English source; new pairs of
 * 'English Text' / 'Translated Text' add entries. Saving sends every language's text, because
 * the server replaces the page's whole text: the edited language's as typed, the others' as stored.
 */
export function TranslationEditor({ page, languages, initialLanguage }: TranslationEditorProps) {
  const id = useId()
  // asStored: the page's text as the server answered it (a language's published text, or its
  // draft or withheld text when it has none published): sent back unchanged, a language keeps
  // its state. saved: what each language is edited from (its draft over that). drafts: what is
  // typed here.
  const [asStored, setAsStored] = useState<TextsByLanguage>(() => textsOf(page.translations))
  const [saved, setSaved] = useState<TextsByLanguage>(() => storedTexts(page))
  const [drafts, setDrafts] = useState<TextsByLanguage>(() => storedTexts(page))
  const [publishing, setPublishing] = useState(page.publishing ?? {})
  const [pageVersion, setPageVersion] = useState(page.version)
  const [seo, setSeo] = useState(page.seo ?? {})
  // A save remounts the SEO fields from the answer.
  const [seoKey, setSeoKey] = useState(0)
  const [lang, setLang] = useState(initialLanguage)
  const [rows, setRows] = useState<NewRow[]>(() => [emptyRow()])
  const [onlyMissing, setOnlyMissing] = useState(false)
  const [filter, setFilter] = useState('')
  const submit = useSubmit(fixedMessage(MESSAGES.updateTranslation))

  const keys = useMemo(() => sourceKeys(saved), [saved])
  // en is the source: an empty English field shows the source text itself, so nothing is missing.
  const isSource = lang === BASE_LANGUAGE
  const missing = useMemo(
    () => (lang && !isSource ? missingKeys(saved, lang, keys) : []),
    [saved, lang, isSource, keys],
  )
  const own = (lang && drafts[lang]) || {}
  const needle = filter.trim().toLocaleLowerCase()
  const shown = keys.filter(
    (key) =>
      (!onlyMissing || missing.includes(key)) &&
      (!needle || key.toLocaleLowerCase().includes(needle) || (own[key] ?? '').toLocaleLowerCase().includes(needle)),
  )
  const changed = Object.keys({ ...saved, ...drafts })
    .filter((code) => JSON.stringify(saved[code] ?? {}) !== JSON.stringify(drafts[code] ?? {}))
    .map((code) => languageLabel(languages, code))

  function setText(key: string, value: string) {
    setDrafts((current) => ({ ...current, [lang]: { ...(current[lang] ?? {}), [key]: value } }))
  }

  function setRow(rowId: number, patch: Partial<NewRow>) {
    setRows((current) => current.map((row) => (row.id === rowId ? { ...row, ...patch } : row)))
  }

  async function save(data: FormData) {
    if (!lang) {
      window.alert(MESSAGES.selectLanguage)
      return
    }
    const draft = data.get('saveAs') === 'draft'
    // Keys the machine wrote that nobody reviewed (machineFields of the page's read: `text.{key}`).
    const machine = (page as { machineFields?: Record<string, string[]> }).machineFields?.[lang] ?? []
    if (!draft && !confirmUnreviewed(machine.map((field) => field.replace(/^text\./, '')))) return
    // The write is about one language (issue 22): every other language goes as it is stored,
    // so replacing the page's whole text changes nothing there, and their drafts stay drafts.
    const texts: TextsByLanguage = { ...asStored, [lang]: { ...(drafts[lang] ?? {}) } }
    const target = texts[lang]!
    for (const row of rows) {
      const english = row.english.trim()
      if (english) target[english] = row.translated.trim()
    }
    // A language that never had text and still has none is left out rather than stored empty.
    for (const code of Object.keys(texts)) {
      if (Object.keys(texts[code] ?? {}).length === 0 && !saved[code]) delete texts[code]
    }
    const version = pageVersion
    await submit.run(async () => {
      const seoFields = await seoOf(data)
      const answer = await api<{ translation: EditedPage }>(`/update-translation/${page._id}`, {
        method: 'PUT',
        json: {
          page: page.page,
          translations: [texts],
          language: lang,
          ...(seoFields ? { seo: { [lang]: seoFields } } : {}),
          ...(draft ? { saveAs: 'draft' } : {}),
          ...(version !== undefined ? { version } : {}),
        },
      })
      const next = textsOf(answer.translation.translations)
      const sent = target
      setAsStored(next)
      // This language now holds what was sent (as its draft or published); the others keep
      // whatever is typed in them.
      setSaved((current) => ({ ...current, [lang]: draft ? sent : (next[lang] ?? {}) }))
      setDrafts((current) => ({ ...current, [lang]: draft ? sent : (next[lang] ?? {}) }))
      if (answer.translation.publishing) setPublishing(answer.translation.publishing)
      if (answer.translation.seo) setSeo(answer.translation.seo)
      setSeoKey((k) => k + 1)
      setPageVersion(answer.translation.version)
      setRows([emptyRow()])
      return draft ? PUBLISHING_MESSAGES.draftSaved : MESSAGES.translationUpdated
    })
  }

  const selected = lang ? languageLabel(languages, lang) : ''

  const target = { kind: 'translation-page', id: page._id, language: lang } as const

  return (
    <div className="admin-translation-editor">
      {/* The language and the filter are no form fields: outside the form, so the publishing
          panel between them and the texts can hold its own schedule form. */}
      <div className="admin-form admin-translation-form">
        <div className="admin-card admin-translation-head">
          <LanguageSelect
            label="Language"
            languages={languages}
            value={lang}
            placeholder="Select language"
            onChange={(code) => {
              setLang(code)
              submit.setStatus(null)
            }}
          />
          <p className="admin-translation-summary" role="status">
            {!lang
              ? 'Select a language to edit its text.'
              : keys.length === 0
                ? 'This page has no text yet. Add entries below.'
                : isSource
                  ? `${selected} is the source language (${keys.length} texts). Fill a field only to show other English wording than the label.`
                  : missing.length === 0
                    ? `${selected} has all ${keys.length} texts.`
                    : `${selected} lacks ${missing.length} of ${keys.length} texts.`}
          </p>
          {lang && keys.length > 0 && (
            <div className="admin-text-filter">
              <div className="admin-field">
                <label htmlFor={`${id}-filter`}>Find a text</label>
                <input
                  id={`${id}-filter`}
                  type="search"
                  value={filter}
                  onChange={(event) => setFilter(event.currentTarget.value)}
                />
              </div>
              {missing.length > 0 && missing.length < keys.length && (
                <label className="admin-check">
                  <input
                    type="checkbox"
                    checked={onlyMissing}
                    onChange={(event) => setOnlyMissing(event.currentTarget.checked)}
                  />
                  Show only the missing texts
                </label>
              )}
            </div>
          )}
          {lang && !isSource && (
            <p>
              <SideBySideLink kind="translation-page" id={page._id} language={lang} languageName={selected} />
            </p>
          )}
          <PageStatuses publishing={publishing} languages={languages} />
        </div>
      </div>

      {lang && (
        <PublishingPanel
          key={lang}
          target={target}
          state={publishing[lang]}
          language={lang}
          what={`the ${selected} text of “${page.page}”`}
          onChange={(state) => setPublishing((current) => ({ ...current, [lang]: { ...current[lang], ...state } }))}
          reread={async () => (await api<EditedPage>(`/get-translation/${page._id}`)).publishing?.[lang] ?? null}
        />
      )}

      <AdminForm
        submit={submit}
        submitLabel="Update translation"
        onSubmit={save}
        className="admin-form admin-translation-form"
        drafts={{ language: lang || undefined, disabled: !lang }}
        footer={changed.length > 0 && <p className="admin-hint">Unsaved changes: {changed.join(', ')}</p>}
      >
        {lang && keys.length > 0 && shown.length === 0 && <p className="admin-muted">No text matches.</p>}
        {lang && shown.length > 0 && (
          <fieldset className="admin-card admin-fieldset admin-texts">
            <legend>Texts in {selected}</legend>
            <p className="admin-hint">
              Each label is the English source text.{' '}
              {isSource ? 'An empty field shows the label itself.' : 'An empty field shows the English text instead.'}
            </p>
            {shown.map((key) => {
              const inputId = `${id}-key-${keys.indexOf(key)}`
              const isMissing = missing.includes(key)
              const props = {
                id: inputId,
                value: own[key] ?? '',
                lang,
                onChange: (event: { currentTarget: { value: string } }) => setText(key, event.currentTarget.value),
                'aria-describedby': isMissing ? `${inputId}-missing` : undefined,
              }
              return (
                <div key={key} className={`admin-text-row${isMissing ? ' admin-text-row--missing' : ''}`}>
                  <label htmlFor={inputId} lang="en">
                    {key}
                  </label>
                  {isMissing && (
                    <span id={`${inputId}-missing`} className="admin-badge admin-badge--missing">
                      missing
                    </span>
                  )}
                  {key.length > LONG_TEXT ? <textarea rows={1} {...props} /> : <input {...props} />}
                </div>
              )
            })}
          </fieldset>
        )}

        <fieldset className="admin-card admin-fieldset admin-new-texts">
          <legend>Add texts</legend>
          <p className="admin-hint">Rows with no English text are ignored.</p>
          {rows.map((row, index) => (
            <fieldset key={row.id} className="admin-new-text">
              <legend className="visually-hidden">New text {index + 1}</legend>
              <label>
                English Text
                <input
                  value={row.english}
                  lang="en"
                  onChange={(event) => setRow(row.id, { english: event.currentTarget.value })}
                />
              </label>
              <label>
                Translated Text
                <input
                  value={row.translated}
                  lang={lang || undefined}
                  onChange={(event) => setRow(row.id, { translated: event.currentTarget.value })}
                />
              </label>
              <QuietButton
                onClick={() =>
                  setRows((current) => (current.length > 1 ? current.filter((r) => r.id !== row.id) : [emptyRow()]))
                }
              >
                Remove<span className="visually-hidden"> new text {index + 1}</span>
              </QuietButton>
            </fieldset>
          ))}
          <div>
            <QuietButton onClick={() => setRows((current) => [...current, emptyRow()])}>Add More Text</QuietButton>
          </div>
        </fieldset>
        {lang && (
          <SeoFieldset
            key={`${lang}-${seoKey}`}
            submit={submit}
            lang={lang}
            seo={publishing[lang]?.seoDraft ?? seo[lang]}
            fallback={{
              title: `The ${page.page} page’s own title`,
              description: 'A summary of the page’s text',
            }}
            path={localePath(lang, SITE_PAGES.find((p) => p.pageText === page.page)?.path ?? `/${page.page}`)}
          />
        )}
      </AdminForm>
    </div>
  )
}

/**
 * The language's SEO fields as update-translation takes them, or undefined when the fieldset was
 * closed. A chosen social card picture is uploaded first; its path is what the page keeps.
 */
async function seoOf(data: FormData) {
  if (!data.has('seoTitle')) return undefined
  const picture = data.get('ogImage')
  let ogImage: string | undefined
  if (picture instanceof File && picture.size > 0) {
    const form = new FormData()
    form.set('image', picture)
    ogImage = (await api<{ image: string }>('/upload-image', { method: 'POST', form })).image
  }
  return {
    seoTitle: String(data.get('seoTitle') ?? ''),
    seoDescription: String(data.get('seoDescription') ?? ''),
    noindex: data.getAll('noindex').includes('true'),
    ...(ogImage ? { ogImage } : {}),
  }
}
