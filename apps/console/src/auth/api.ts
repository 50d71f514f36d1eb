import {
  operatorEnrolInfo,
  operatorLoginValue,
  operatorMe,
  type OperatorEnrolInfo,
  type OperatorEnrolRequest,
  type OperatorLoginRequest,
  type OperatorLoginValue,
  type OperatorMe,
} from '@taya/contracts';
import { get, post } from '../lib/api-client';

export const meQueryKey = ['ops', 'session', 'me'] as const;

export const fetchMe = (signal?: AbortSignal) =>
  get<OperatorMe>('/ops/session/me', { schema: import.meta.env.DEV && operatorMe, signal });

export const logIn = (body: OperatorLoginRequest) =>
  post<OperatorLoginValue>('/ops/session/login', body, {
    schema: import.meta.env.DEV && operatorLoginValue,
    anonymous: true,
  });

export const logOut = () => post<{ done: true }>('/ops/session/logout');

export const fetchEnrolInfo = (token: string) =>
  get<OperatorEnrolInfo>(`/ops/enrol/${encodeURIComponent(token)}`, {
    schema: import.meta.env.DEV && operatorEnrolInfo,
    anonymous: true,
  });

export const enrol = (body: OperatorEnrolRequest) =>
  post<{ username: string }>('/ops/enrol', body, { anonymous: true });
