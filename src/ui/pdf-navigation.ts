/** Where a loaded document opens: the browser's PDF viewer (replaces the loader page in history). Tests stub it. */
export const pdfNavigation = { open: (url: string) => window.location.replace(url) };
