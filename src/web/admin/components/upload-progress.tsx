/** Upload progress of a multipart form (0 to 1), or nothing when no upload is running. */
export function UploadProgress({ fraction }: { fraction: number | null }) {
  if (fraction === null) return null
  const percent = Math.round(fraction * 100)
  return (
    <div className="admin-progress">
      <label>
        <span>{percent < 100 ? `Uploading… ${percent}%` : 'Processing images…'}</span>
        <progress max={100} value={percent} />
      </label>
    </div>
  )
}
