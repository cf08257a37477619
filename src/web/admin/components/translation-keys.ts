// The rules moved to src/shared/page-texts.ts: the dashboard's attention list counts on the server.
export { missingKeys, sourceKeys, type TextsByLanguage, textsOf } from '../../../shared/page-texts.js'
