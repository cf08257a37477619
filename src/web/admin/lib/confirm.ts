/** Every delete asks first; the browser's own dialog is keyboard- and screen-reader-friendly. */
export const confirmDelete = (what: string) => window.confirm(`Delete ${what}? This cannot be undone.`)
