import { useEffect, useId, useState } from 'react'

interface ImagePickerProps {
  label: string
  name: string
  multiple?: boolean
  required?: boolean
  /** Shown between the label and the input, and read with the input. */
  hint?: string | undefined
  /** Called with the chosen files (also readable from the form by `name`). */
  onChange?: (files: File[]) => void
}

/** A file input that previews what was chosen before anything is uploaded. */
export function ImagePicker({ label, name, multiple = false, required = false, hint, onChange }: ImagePickerProps) {
  const id = useId()
  const [previews, setPreviews] = useState<{ url: string; name: string }[]>([])

  // Object URLs hold the file in memory until revoked.
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews])

  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="admin-hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        multiple={multiple}
        required={required}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])]
          setPreviews(files.map((file) => ({ url: URL.createObjectURL(file), name: file.name })))
          onChange?.(files)
        }}
      />
      {previews.length > 0 && (
        <ul className="admin-previews" aria-label={`${label} preview`}>
          {previews.map((preview) => (
            <li key={preview.url}>
              <img src={preview.url} alt={`Preview of ${preview.name}`} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
