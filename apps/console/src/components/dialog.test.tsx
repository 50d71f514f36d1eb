import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { ConfirmDialog } from './dialog';

describe('ConfirmDialog', () => {
  it('asks for a reason of the minimum length before it runs the write', async () => {
    const onConfirm = vi.fn(async () => undefined);
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Void round"
        description="The stakes go back."
        confirmLabel="Void"
        tone="danger"
        reason={{ minLength: 5 }}
        onConfirm={onConfirm}
      />,
    );
    await userEvent.type(screen.getByLabelText('Reason'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Void' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(screen.getByLabelText('Reason'), 'defg');
    await userEvent.click(screen.getByRole('button', { name: 'Void' }));
    expect(onConfirm).toHaveBeenCalledWith('abcdefg');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('stays open and shows the server’s refusal', async () => {
    render(
      <ConfirmDialog
        open
        onOpenChange={() => undefined}
        title="Approve"
        description="Money moves."
        confirmLabel="Approve"
        onConfirm={() => Promise.reject(new ApiError(403, 'forbidden', 'Forbidden'))}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your role or address may not do this.',
    );
  });
});
