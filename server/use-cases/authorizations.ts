/**
 * Authorization records: each payment the customer makes, each AutoPay set-up and each payment plan set-up — and each
 * change of the method an AutoPay or plan pays with, which asks for the terms again — stores what the customer agreed
 * to: the terms (EPA) version, the SHA-256 of the document shown for it (server/domain/epa-documents.ts), the time,
 * the IP address and the user agent. Written in the transaction of what it authorizes, after the checks of
 * `usableMethod`: a refusal writes no record.
 *
 * A document that cannot be read refuses the agreement as `epa_not_configured` (the customer could not have seen it);
 * the server's start refuses a configured version without its file, so this is a file removed while running.
 */
import type { Db } from '../db/connect.js';
import type { AuthorizationKind, PaymentProvider } from '../db/schema.js';
import { epaDocumentSha256, type EpaTerms } from '../domain/epa-documents.js';
import { insertAuthorization } from '../repos/authorizations.js';
import { refuse } from './outcome.js';

/** Where the customer agreed from (the request) and where the terms documents are (the configuration). */
export interface Agreement {
  ipAddress: string | null;
  userAgent: string | null;
  /** AppConfig.epaDir */
  epaDir: string;
}

/** The longest user agent kept: a header is the client's to fill, the record is not. */
export const MAX_USER_AGENT = 512;
/** An IPv6 address with a zone is at most ~60 characters; anything longer is not an address. */
export const MAX_IP_ADDRESS = 64;

export async function recordAuthorization(
  trx: Db,
  input: {
    kind: AuthorizationKind;
    vendorId: string;
    contactId: string;
    method: { id: string; provider: PaymentProvider; terms: EpaTerms };
    agreement: Agreement;
    now: Date;
  },
): Promise<string> {
  const { method, agreement } = input;
  const epaSha256 = epaDocumentSha256(agreement.epaDir, method.terms);
  if (!epaSha256) {
    throw refuse(
      'unprocessable',
      'epa_not_configured',
      'The payment terms for this payment method are not available. Please contact your representative.',
      'epaVersion',
    );
  }
  const ipAddress = agreement.ipAddress && agreement.ipAddress.length <= MAX_IP_ADDRESS ? agreement.ipAddress : null;
  return insertAuthorization(trx, {
    vendorId: input.vendorId,
    contactId: input.contactId,
    kind: input.kind,
    paymentMethodId: method.id,
    provider: method.provider,
    epaVersion: method.terms.version,
    epaSha256,
    agreedAt: input.now,
    ipAddress,
    userAgent: agreement.userAgent ? agreement.userAgent.slice(0, MAX_USER_AGENT) : null,
  });
}
