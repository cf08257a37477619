/** Every delete asks first; the browser's own dialog is keyboard- and screen-reader-friendly. */
export const confirmDelete = (what: string) => window.confirm(`Delete ${what}? This cannot be undone.`)

/** Any other action the admin should think twice about, asked the same way. */
export const confirmAction = (question: string) => window.confirm(question)
