import { useId } from 'react'

interface ReviewFieldsProps {
  defaultTitle?: string
  defaultDescription?: string
  /** The field the last error was about ('title' or 'description'), marked invalid. */
  invalidField?: string | undefined
  errorId?: string
  required?: boolean
}

/** Title and description of a review, as add, edit and translate all use them. */
export function ReviewFields({
  defaultTitle,
  defaultDescription,
  invalidField,
  errorId,
  required = true,
}: ReviewFieldsProps) {
  const id = useId()
  const invalid = (field: string) =>
    invalidField === field ? ({ 'aria-invalid': true, 'aria-describedby': errorId } as const) : {}
  return (
    <>
      <div className="admin-field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          name="title"
          defaultValue={defaultTitle}
          required={required}
          maxLength={200}
          autoComplete="off"
          {...invalid('title')}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          name="description"
          defaultValue={defaultDescription}
          required={required}
          maxLength={5000}
          rows={6}
          {...invalid('description')}
        />
      </div>
    </>
  )
}
