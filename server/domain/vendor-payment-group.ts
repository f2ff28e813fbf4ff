/**
 * A payment group as the vendor API shows it (the contract's PaymentGroup): the reconciliation feed and the
 * payment_group.* webhook events carry this one shape, built here once.
 */
import { centsToAmount, sumCents } from '../../core/rules/money.js';
import type { components } from '../../core/api/vendor-schema.js';
import type { PaymentGroupRecord } from '../repos/vendor-payment-groups.js';
import { toDateString, toIsoString } from './dates.js';

export type VendorPaymentGroup = components['schemas']['PaymentGroup'];
export type VendorAuthorization = components['schemas']['PaymentAuthorization'];

/** An authorization record as the vendor API shows it (PaymentAuthorization); null without one. */
export function vendorAuthorization(
  row: Pick<VendorAuthorization, 'kind' | 'epaVersion' | 'epaSha256' | 'ipAddress' | 'userAgent'> & { agreedAt: Date | string } | null,
): VendorAuthorization | null {
  if (!row) return null;
  return {
    kind: row.kind,
    epaVersion: row.epaVersion,
    epaSha256: row.epaSha256,
    agreedAt: toIsoString(row.agreedAt),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
  };
}

/** The group's authorization record from its joined columns (all null when it names none). */
function groupAuthorization(group: PaymentGroupRecord): VendorAuthorization | null {
  if (group.authorizationKind === null || group.authorizationEpaVersion === null || group.authorizationEpaSha256 === null || group.authorizationAgreedAt === null) {
    return null;
  }
  return vendorAuthorization({
    kind: group.authorizationKind,
    epaVersion: group.authorizationEpaVersion,
    epaSha256: group.authorizationEpaSha256,
    agreedAt: group.authorizationAgreedAt,
    ipAddress: group.authorizationIpAddress,
    userAgent: group.authorizationUserAgent,
  });
}

export const linesCents = (group: PaymentGroupRecord) => sumCents(group.lines.map((l) => l.paidAmountCents));

/**
 * The card service fee the portal added to the lines' sum — one meaning everywhere: the amount stored on the group
 * when it was made (`payment_groups.service_fee_cents`, migration 0021_card_fees; rows made before it were backfilled
 * with what their total charged beyond their lines, the value this field had before). `total` = `subtotal` + fee.
 */
export const serviceFeeCents = (group: PaymentGroupRecord) => Number(group.serviceFeeCents);

export function vendorPaymentGroup(group: PaymentGroupRecord): VendorPaymentGroup {
  return {
    id: group.id,
    confirmationNumber: group.confirmationNumber,
    status: group.status,
    paymentDate: toDateString(group.paymentDate),
    source: group.sourceType,
    paymentPlanId: group.paymentPlanId,
    contact: { id: group.contactId, externalId: group.contactExternalId, name: `${group.contactFirstName} ${group.contactLastName}` },
    location: { id: group.locationId, externalId: group.locationExternalId },
    method: { type: group.paymentType, lastFour: group.methodLastFour },
    subtotal: centsToAmount(linesCents(group)),
    serviceFee: centsToAmount(serviceFeeCents(group)),
    total: centsToAmount(group.paymentTotalCents),
    createdAt: toIsoString(group.createdAt),
    updatedAt: toIsoString(group.updatedAt),
    // a disputed (0) or partly paid line keeps the customer's reason and notes; a line paid in full has none
    lines: group.lines.map((line) => ({
      invoiceId: line.invoiceId,
      invoiceExternalId: line.invoiceExternalId,
      displayInvNum: line.displayInvNum,
      paidAmount: centsToAmount(line.paidAmountCents),
      reason: line.subject,
      notes: line.message,
    })),
    authorization: groupAuthorization(group),
    returnCode: group.returnCode,
  };
}
