import { describe, expect, it } from 'vitest'
import { optionalText, requiredText } from './fields.js'

describe('text fields', () => {
  it('store LF line breaks whatever the browser sent, trimmed', () => {
    expect(optionalText('Description', 100).parse(' One.\r\n\r\nTwo.\r ')).toBe('One.\n\nTwo.')
    expect(requiredText('Title').parse('A\r\nB')).toBe('A\nB')
  })
  it('drop NUL and other control bytes, keeping tabs and line breaks', () => {
    expect(requiredText('Message').parse('Hola\u0000 mundo\u0007\tok\nnext')).toBe('Hola mundo\tok\nnext')
    expect(requiredText('Title').safeParse('\u0000').error?.issues[0]?.message).toBe('Title is required')
  })
  it('name the field in every message', () => {
    expect(requiredText('Title').safeParse('   ').error?.issues[0]?.message).toBe('Title is required')
    expect(requiredText('Title', 3).safeParse('abcd').error?.issues[0]?.message).toBe(
      'Title must be at most 3 characters',
    )
  })
})
