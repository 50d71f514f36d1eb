import { useMutation } from '@tanstack/react-query';
import { launchSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

export const launchGamePath = '/wps/game/launchGame';

/** Real-money play (accountType 1): the answer is where the game runs, with a one-time token. */
export async function launchGame(nodeId: string): Promise<string> {
  const value = await apiGet(launchGamePath, {
    query: { nodeId, accountType: 1, language: currentLanguage() },
    schema: import.meta.env.DEV && launchSchema,
  });
  return value.content.game_url;
}

export function useLaunchGame() {
  return useMutation({ mutationFn: launchGame });
}
