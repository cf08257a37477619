import { describe, expect, it } from 'vitest'
import { isImageKey, masterKey, newImageId, pathToKey, variantKey } from './image-key.js'

describe('image keys', () => {
  it('accepts only names the server makes', () => {
    const id = newImageId()
    expect(isImageKey(masterKey(id, 'jpg'))).toBe(true)
    expect(isImageKey(variantKey(id, 480, 'webp'))).toBe(true)
    for (const bad of ['../server.lock', `${id}.svg`, `${id}.jpg/..`, `/${id}.jpg`, `${id}.jpg\0`, 'x.jpg']) {
      expect(isImageKey(bad)).toBe(false)
    }
  })
  it('maps API paths to keys and refuses anything outside /uploads/', () => {
    const key = masterKey(newImageId(), 'png')
    expect(pathToKey(`/uploads/${key}`)).toBe(key)
    expect(pathToKey(`/etc/${key}`)).toBeNull()
    expect(pathToKey(`/uploads/../${key}`)).toBeNull()
  })
})
