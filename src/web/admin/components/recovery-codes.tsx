import { useState } from 'react'
import { COMPANY_NAME } from '../../../shared/constants.js'

/** Saves the codes as a text file through a temporary Blob link. */
function download(codes: string[]) {
  const text = `${COMPANY_NAME}: recovery codes for two-factor sign-in.\nEach works once.\n\n${codes.join('\n')}\n`
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
  const link = document.createElement('a')
  link.href = url
  link.download = 'recovery-codes.txt'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The ten recovery codes, shown once (the server keeps only their hashes). */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false)

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }

  return (
    <>
      <h3>Recovery codes</h3>
      <p>
        Each code signs you in once, in place of a code from the app, if you lose your phone. Keep them somewhere safe,
        away from this computer: <strong>they are shown only now.</strong>
      </p>
      <ol className="admin-recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="admin-actions">
        <button type="button" className="admin-button admin-button--quiet" onClick={copy}>
          {copied ? 'Copied' : 'Copy codes'}
        </button>
        <button type="button" className="admin-button admin-button--quiet" onClick={() => download(codes)}>
          Download codes
        </button>
        <button type="button" className="admin-button" onClick={onDone}>
          I have saved these codes
        </button>
      </div>
    </>
  )
}
