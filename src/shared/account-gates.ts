// The 403s that mean "only Account works until this is done", as the server says them; the back
// office sends the person to Account on these and shows any other 403's message where it is.
export const PASSWORD_CHANGE_REQUIRED = 'Change your password first (Account)'
export const TWO_FACTOR_REQUIRED = 'Turn on two-factor sign-in first (Account): the owner requires it of everyone'
export const ACCOUNT_GATES: readonly string[] = [PASSWORD_CHANGE_REQUIRED, TWO_FACTOR_REQUIRED]
