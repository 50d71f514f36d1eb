import { useMutation } from '@tanstack/react-query';
import { loginValueSchema, type LoginValue } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { loginDeviceId } from '../../../lib/device-id';

export const freePlayPath = '/wps/session/login/freeplay';

/** SPEC §7: the free-play payload names the OS and platform W (web). */
function operatingSystem(): string | undefined {
  const agent = navigator.userAgent;
  if (/android/i.test(agent)) return 'Android';
  if (/iphone|ipad|ipod/i.test(agent)) return 'iOS';
  if (/windows/i.test(agent)) return 'Windows';
  if (/mac os/i.test(agent)) return 'macOS';
  if (/linux/i.test(agent)) return 'Linux';
  return undefined;
}

export function freePlay(): Promise<LoginValue> {
  const os = operatingSystem();
  return apiPost(freePlayPath, {
    body: { platform: 'W', loginDeviceId: loginDeviceId(), ...(os ? { os } : {}) },
    schema: import.meta.env.DEV && loginValueSchema,
  });
}

export function useFreePlay() {
  return useMutation({ mutationFn: freePlay });
}
