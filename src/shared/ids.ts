/** A record id as the server makes them (crypto.randomUUID), in any letter case. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isUuid = (text: string) => UUID.test(text)
