/** The add-comment rule (spec core §5, recurring §5): required, at most 150 characters, no line breaks. */
export const COMMENT_MAX_CHARS = 150;

/** Line breaks the server refuses (CR, LF, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR). */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

export type CommentProblem = 'required' | 'tooLong' | 'lineBreak';

/** Characters as the server counts them: Unicode code points (an emoji is one, not two UTF-16 units). */
export function commentLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Why the comment cannot be sent, or null when it can. Blank (only spaces) counts as empty. */
export function commentProblem(text: string): CommentProblem | null {
  if (text.trim().length === 0) return 'required';
  if (LINE_BREAK.test(text)) return 'lineBreak';
  if (commentLength(text) > COMMENT_MAX_CHARS) return 'tooLong';
  return null;
}
