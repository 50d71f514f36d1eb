import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, fail, installFakeApi, ok, type FakeReply } from '../../../testing/fake-api';
import { systemStatusFixture } from '../../../testing/system-status-fixture';
import { createQueryClient } from '../../../lib/query-client';
import { useCreateWithdrawal } from './create-withdrawal';
import { withdrawalsPath } from './get-withdrawals';

// A withdrawal whose answer was lost must be retried under the same Idempotency-Key, so the
// server answers with the first withdrawal instead of making a second one.

const withdrawal = {
  id: 'w1',
  amount: '100.00',
  status: 'pending',
  confirmation: null,
  receivedAmount: null,
  outstanding: '0.00',
  resolution: null,
  confirmDeadline: null,
  proofIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The route answers with these, in order: `'network'` drops the link. */
function withdrawals(answers: ('network' | FakeReply)[]) {
  return installFakeApi(systemStatusFixture(), {
    [`POST ${withdrawalsPath}`]: () => {
      const next = answers.shift() ?? ok(withdrawal, 201);
      if (next === 'network') throw new TypeError('Failed to fetch');
      return next;
    },
  });
}

function renderWithdrawal() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCreateWithdrawal(), { wrapper });
}

const body = { payoutAccountId: 'p1', amount: '100', paymentPassword: '246810' };
const keysOf = (requests: ReturnType<typeof withdrawals>['requests']) =>
  calls(requests, 'POST', withdrawalsPath).map((r) => r.headers.get('Idempotency-Key'));

describe('the withdraw mutation', () => {
  it('retries a dropped link under the same Idempotency-Key', async () => {
    const { requests } = withdrawals(['network']);
    const { result } = renderWithdrawal();
    act(() => result.current.mutate(body));
    await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 5_000 });
    const keys = keysOf(requests);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    // Each try is sealed afresh (a sealed body is accepted once).
    expect(calls(requests, 'POST', withdrawalsPath).every((r) => r.sealed)).toBe(true);
  });

  it('keeps the key when the button is pressed again after a network error, until an answer', async () => {
    const { requests } = withdrawals(['network', 'network', 'network']);
    const { result } = renderWithdrawal();
    act(() => result.current.mutate(body));
    await waitFor(() => expect(result.current.isError).toBe(true), { timeout: 8_000 });
    expect(new Set(keysOf(requests)).size).toBe(1);
    // The password was cleared and typed again: the same withdrawal, the same key.
    act(() => result.current.mutate({ ...body }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const keys = keysOf(requests);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
    // After the answer, the next withdrawal is a new command with a new key.
    act(() => result.current.mutate(body));
    await waitFor(() => expect(keysOf(requests)).toHaveLength(5));
    expect(keysOf(requests)[4]).not.toBe(keys[0]);
  }, 15_000);

  it('takes a new key after a definite refusal', async () => {
    const { requests } = withdrawals([fail(400, 'request_param_err')]);
    const { result } = renderWithdrawal();
    act(() => result.current.mutate(body));
    await waitFor(() => expect(result.current.isError).toBe(true));
    act(() => result.current.mutate(body));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const keys = keysOf(requests);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
