/** Remit form texts (portal-recurring.md §2.7, §8, §9): one module shared with the server's PDF (`core/rules/remit.ts`). */
export { remitTexts } from '../../../core/rules/remit';
