import { describe, expect, it } from 'vitest'
import { pageWindow } from './pagination.js'

describe('pageWindow', () => {
  it('lists every page of a short list', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4])
  })
  it('keeps the first, the last and the neighbours of the current page, with gaps', () => {
    expect(pageWindow(5, 84)).toEqual([1, null, 4, 5, 6, null, 84])
    expect(pageWindow(1, 84)).toEqual([1, 2, null, 84])
    expect(pageWindow(84, 84)).toEqual([1, null, 83, 84])
  })
  it('shows a single left-out number instead of a gap', () => {
    expect(pageWindow(4, 9)).toEqual([1, 2, 3, 4, 5, null, 9])
  })
})
