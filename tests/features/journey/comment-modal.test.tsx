// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommentModal } from '../../../src/features/journey/comment-modal';
import { commentTexts as t } from '../../../src/features/journey/texts';

function Harness({ onSubmit }: { onSubmit(): void }) {
  const [text, setText] = useState('');
  return (
    <CommentModal state="editing" text={text} length={[...text].length} problem={text.trim() ? null : 'required'} onChange={setText} onSubmit={onSubmit} onClose={() => {}} />
  );
}

describe('Add Comment: the Enter key', () => {
  afterEach(cleanup);

  it('adds no line and posts nothing: the half-typed comment stays in the field', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const field = await screen.findByRole('textbox', { name: t.label });
    await userEvent.type(field, 'line one{Enter}and more');
    expect(field).toHaveValue('line oneand more');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Ctrl+Enter sends it, as "Submit" does', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const field = await screen.findByRole('textbox', { name: t.label });
    await userEvent.type(field, 'all done{Control>}{Enter}{/Control}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
