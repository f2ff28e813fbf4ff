/** A line of the phone row (px): every target on it is 44 × 44 px. */
export const PHONE_LINE = 44;
/** A label/value line of an expanded phone row (its least height; wrapped text makes it taller). */
export const PHONE_DETAIL_LINE = 36;
