import type { Plugin } from 'vite'

// How Rolldown wraps a CommonJS module (react-dom, react, scheduler) in the client chunks:
// `__commonJSMin(((exports, module) => { …the module's code… }))`, an arrow function that runs
// when the module is first required.
const COMMONJS_WRAPPER = /__commonJSMin\(\(\(([\w$]*(?:,\s*[\w$]+)?)\)\s*=>\s*\{/g

/**
 * Has V8 compile each CommonJS module's wrapper with the script, not when it is first called
 * (issue 27, decision 117). V8 compiles a function lazily unless it is a function expression in
 * parentheses (its "PIFE" heuristic, which an arrow function does not trigger). React DOM's client
 * is one 200 KB function: compiled lazily, its first call was a 55-100 ms task on a phone at 4x
 * CPU; with the wrapper written `(function(exports, module) { … })`, 36-43 ms, its compilation
 * done with the module's, off the main thread. The wrapper is called without `this`, and a
 * CommonJS module reads no `arguments` at its top level, so the two forms behave alike.
 */
export function eagerCommonJs(): Plugin {
  return {
    name: 'eager-commonjs',
    apply: 'build',
    renderChunk(code) {
      if (!code.includes('__commonJSMin')) return null
      const rewritten = code.replace(COMMONJS_WRAPPER, (_, params: string) => `__commonJSMin((function(${params}) {`)
      // No source map: the client build writes none (build.sourcemap is off). With one on, this
      // rewrite would need to give its own, as each replacement moves the columns after it.
      return rewritten === code ? null : { code: rewritten, map: null }
    },
  }
}
