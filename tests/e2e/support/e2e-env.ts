import { tmpdir } from 'node:os'
import path from 'node:path'

// playwright.config.ts picks the port once per run and hands it to the workers and the servers
// through the environment, so two runs on one machine do not collide. Each worker has a server of
// its own (E2E_SERVERS of them, SERVER_SPACING ports apart): a worker finds its own by its
// parallel index; a server is given its port as E2E_PORT and has no index.
export const E2E_SERVERS = 2
export const SERVER_SPACING = 50
const port = Number(process.env.E2E_PORT ?? 3320) + SERVER_SPACING * Number(process.env.TEST_PARALLEL_INDEX ?? 0)

/** Where the end-to-end server listens, keeps its data, and drops the mail it is sent. */
export const E2E_PORT = port
export const E2E_SMTP_PORT = port + 1000
/**
 * Where the e2e server writes the port of the mailbox visitors' replies come back to (a real
 * Dovecot on a free port, issue 42: a fixed offset could land on PostgreSQL's or RabbitMQ's).
 */
export const E2E_IMAP_PORT_FILE = path.join(tmpdir(), `villa-e2e-imap-port-${port}`)
export const E2E_DATA_DIR = path.join(tmpdir(), `villa-e2e-data-${port}`)
export const E2E_MAIL_DIR = path.join(tmpdir(), `villa-e2e-mail-${port}`)
export const E2E_ADMIN = { username: 'admin', password: 'e2e sea view terrace' }
/** Recipients at this domain are refused by the end-to-end SMTP peer (550), as a relay would. */
export const E2E_REFUSED_MAIL_DOMAIN = 'mail-refused.test'
/** WHATSAPP_NUMBER of the end-to-end server, as an operator would write it. */
export const E2E_WHATSAPP_NUMBER = '+34 600 111 222'
