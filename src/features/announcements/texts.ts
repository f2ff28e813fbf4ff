export const announcementTexts = {
  region: 'Announcements',
  dismiss: 'Dismiss announcement',
} as const;
