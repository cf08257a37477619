import type { ButtonHTMLAttributes } from 'react'

/** A secondary action beside a form's fields (remove a row, move it, add one): never submits. */
export function QuietButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>) {
  return <button type="button" className="admin-button admin-button--quiet" {...props} />
}
