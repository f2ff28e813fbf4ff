/** The kinds of change the console's audit log filters by, each the vendor API's operations it stands for. */
export const AUDIT_CATEGORIES = {
  all: [],
  signIns: ['createConsoleSession', 'deleteConsoleSession', 'deleteAllConsoleSessions', 'finishSecondFactor', 'addPasskey', 'deletePasskey'],
  team: ['inviteVendorUser', 'updateVendorUser', 'removeVendorUser'],
  payments: ['cancelPaymentGroup', 'createRefund'],
  requests: ['createRequest', 'createLoginLink'],
  data: ['upsertLocations', 'upsertContacts', 'upsertInvoices', 'createImport'],
  developers: ['createApiKey', 'revokeApiKey', 'createWebhookEndpoint', 'updateWebhookEndpoint', 'deleteWebhookEndpoint', 'rotateWebhookSecret', 'sendTestWebhook', 'redeliverEvent'],
  settings: ['updateSettings', 'upsertAnnouncement', 'deleteAnnouncement', 'upsertAd', 'deleteAd', 'createTemplateMessage', 'deleteTemplateMessage'],
} as const satisfies Record<string, readonly string[]>;

export type AuditCategory = keyof typeof AUDIT_CATEGORIES;
export const AUDIT_CATEGORY_NAMES = Object.keys(AUDIT_CATEGORIES) as AuditCategory[];

/** The `action` filter of a category (none: every change). */
export const actionsOf = (category: AuditCategory): readonly string[] => AUDIT_CATEGORIES[category];
