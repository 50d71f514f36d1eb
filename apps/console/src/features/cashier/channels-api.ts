import {
  opsCashierSettingsSchema,
  opsChannelListSchema,
  opsChannelSchema,
  type OpsCashierSettings,
  type OpsCashierSettingsPatchBody,
  type OpsChannel,
  type OpsChannelCreateBody,
  type OpsChannelPatchBody,
} from '@taya/contracts';
import { get, post, request } from '../../lib/api-client';

export const fetchChannels = (signal?: AbortSignal) =>
  get<OpsChannel[]>('/ops/cashier/channels', {
    schema: import.meta.env.DEV && opsChannelListSchema,
    signal,
  });

export const createChannel = (body: OpsChannelCreateBody) =>
  post<OpsChannel>('/ops/cashier/channels', body, {
    schema: import.meta.env.DEV && opsChannelSchema,
  });

export const patchChannel = (channel: OpsChannel, body: OpsChannelPatchBody) =>
  request<OpsChannel>(
    'PATCH',
    `/ops/cashier/channels/${encodeURIComponent(channel.merchantCode)}/${encodeURIComponent(channel.code)}`,
    { body, schema: import.meta.env.DEV && opsChannelSchema },
  );

export const fetchCashierSettings = (merchantCode: string, signal?: AbortSignal) =>
  get<OpsCashierSettings>(`/ops/cashier/settings/${encodeURIComponent(merchantCode)}`, {
    schema: import.meta.env.DEV && opsCashierSettingsSchema,
    signal,
  });

export const patchCashierSettings = (merchantCode: string, body: OpsCashierSettingsPatchBody) =>
  request<OpsCashierSettings>(
    'PATCH',
    `/ops/cashier/settings/${encodeURIComponent(merchantCode)}`,
    {
      body,
      schema: import.meta.env.DEV && opsCashierSettingsSchema,
    },
  );
