import sharp from 'sharp'

/** Real image files made on the spot, so tests need no binary fixtures. */
const base = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 140, b: 90 } } })

export const jpeg = (width?: number, height?: number) => base(width, height).jpeg().toBuffer()

/** A JPEG carrying EXIF with GPS coordinates, as a phone camera would write it. */
export const jpegWithGps = () =>
  base()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '36/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '4/1 53/1 0/1' },
    })
    .jpeg()
    .toBuffer()

export const png = () => base(600, 400).png().toBuffer()
export const webp = () => base(600, 400).webp().toBuffer()
export const avif = () => base(300, 200).avif({ effort: 0 }).toBuffer()

export const svg = () =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')

export const text = () => Buffer.from('this is not an image at all')

export const blob = (buffer: Buffer, type = 'application/octet-stream') => new Blob([new Uint8Array(buffer)], { type })
