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

/** How a contact is reached: e-mail and phone (either may be missing) and the first name to greet. */
export async function contactReach(db: Db, contactId: string) {
  return db.selectFrom('contacts').select(['email', 'phone', 'firstName']).where('id', '=', contactId).executeTakeFirst();
}
