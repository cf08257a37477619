// The package ships no types; only what this project calls is declared.
declare module 'fs-native-extensions' {
  /** Takes a lock on the open file without waiting; false when another holder has it. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean
  export function unlock(fd: number): void
}
