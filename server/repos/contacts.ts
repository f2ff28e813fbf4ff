/** Contacts looked up by the address they use with their vendors. */
import type { Db } from '../db/connect.js';
import type { ContactAddress } from '../domain/contact-address.js';

export async function findContactsByAddress(db: Db, address: ContactAddress) {
  if (address.kind === 'unusable') return [];
  const column = address.kind === 'email' ? 'email' : 'phone';
  return db
    .selectFrom('contacts')
    .select(['id', 'firstName', 'lastName', 'email', 'phone'])
    .where(column, '=', address.value)
    .orderBy('createdAt')
    .execute();
}
