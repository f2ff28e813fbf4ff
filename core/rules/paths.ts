/**
 * Every route the app builds (spec §2; the route table is src/app/router.tsx): one function per page, so a link,
 * a redirect and a navigation after a submit all spell a path the same way. It sits on the ground floor because the
 * machines build some of these paths too (token redirect, replay, change-location bar), and they may not import src/.
 *
 * Every segment is URI-encoded: ids are UUIDs and tokens base64url, for which encoding changes nothing, but a value
 * that came from the address bar can never break out of its segment.
 *
 * The pages under a location take that location's base path (`paths.location(…)`), which the location page wrapper
 * (src/app/location-page.tsx) hands every page, and add their own segments to it.
 */

const seg = encodeURIComponent;

/** The path of a location (`/token/{token}/vendors/{vendorId}/locations/{locationId}`): the base of its pages. */
export type LocationBase = string;

export interface LocationIds {
  token: string;
  vendorId: string;
  locationId: string;
}

export const paths = {
  /** `/token/{token}`: the token entry. */
  token: (token: string) => `/token/${seg(token)}`,
  /** `/token/{token}/error[/{code}]`. */
  error: (token: string, code?: string) => `${paths.token(token)}/error${code ? `/${seg(code)}` : ''}`,
  /** The vendor chooser. */
  vendors: (token: string) => `${paths.token(token)}/vendors`,
  /** A vendor's location chooser. */
  locations: (token: string, vendorId: string) => `${paths.vendors(token)}/${seg(vendorId)}/locations`,
  /** A location's dashboard, and the base of every page under it. */
  location: ({ token, vendorId, locationId }: LocationIds): LocationBase => `${paths.locations(token, vendorId)}/${seg(locationId)}`,

  profile: (base: LocationBase) => `${base}/profile`,
  talkToUs: (base: LocationBase) => `${base}/talktous`,
  newPaymentMethod: (base: LocationBase) => `${base}/paymentmethods/new`,

  click2pay: (base: LocationBase) => `${base}/click2pay`,
  disputed: (base: LocationBase) => `${base}/click2pay/disputed`,
  paymentConfirmation: (base: LocationBase, paymentGroupId: string) => `${base}/click2pay/${seg(paymentGroupId)}/confirmation`,
  dispute: (base: LocationBase, invoiceId: string) => `${base}/click2pay/${seg(invoiceId)}/dispute`,
  partialPayment: (base: LocationBase, invoiceId: string) => `${base}/click2pay/${seg(invoiceId)}/partial`,

  invoices: (base: LocationBase) => `${base}/invoices`,
  invoice: (base: LocationBase, invoiceId: string) => `${base}/invoices/${seg(invoiceId)}`,
  invoicePdf: (base: LocationBase, invoiceId: string) => `${base}/invoices/${seg(invoiceId)}/pdfloader`,
  payments: (base: LocationBase) => `${base}/payments`,
  payment: (base: LocationBase, paymentGroupId: string) => `${base}/payments/${seg(paymentGroupId)}`,

  messages: (base: LocationBase) => `${base}/messages`,
  templateMessage: (base: LocationBase, templateMessageId: string) => `${base}/templatemessages/${seg(templateMessageId)}`,
  resolutionCenter: (base: LocationBase) => `${base}/resolutioncenter`,

  statement: (base: LocationBase) => `${base}/statement`,
  statementPdf: (base: LocationBase) => `${base}/statement/pdfloader`,
  reminders: (base: LocationBase) => `${base}/reminders`,

  /** AutoPay set-up, or the set-up of the AutoPay request `requestId`. */
  autopay: (base: LocationBase, requestId?: string | null) => `${base}/autopay${requestId ? `/${seg(requestId)}` : ''}`,
  autopayConfirmation: (base: LocationBase) => `${base}/autopayconfirmation`,
  autopayManage: (base: LocationBase) => `${base}/autopaymanage`,
  autopayManageConfirmation: (base: LocationBase) => `${base}/autopaymanage/confirmation`,
  autopayDeleted: (base: LocationBase) => `${base}/autopaydelete/confirmation`,

  plans: (base: LocationBase) => `${base}/plans`,
  plan: (base: LocationBase, planId: string) => `${base}/plans/${seg(planId)}`,
  planUpdate: (base: LocationBase, planId: string) => `${base}/plans/${seg(planId)}/update`,
  planUpdated: (base: LocationBase, planId: string) => `${base}/plans/${seg(planId)}/update/confirmation`,
  planRequest: (base: LocationBase, requestId: string) => `${base}/planrequests/${seg(requestId)}`,
  planRequestConfirmation: (base: LocationBase, requestId: string) => `${base}/planrequests/${seg(requestId)}/confirmation`,

  remit: (base: LocationBase) => `${base}/remit`,
} as const;
