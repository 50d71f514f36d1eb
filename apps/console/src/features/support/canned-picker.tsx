import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cannedKey, fetchCannedReplies } from './api';

/** The composer's canned replies: picking one inserts its text into the answer. */
export function CannedPicker({
  merchantCode,
  onPick,
}: {
  merchantCode: string;
  onPick: (text: string) => void;
}) {
  const { t } = useTranslation();
  const replies = useQuery({
    queryKey: cannedKey(merchantCode),
    queryFn: ({ signal }) => fetchCannedReplies(merchantCode, signal),
  });
  const list = replies.data?.list ?? [];
  return (
    <select
      className="input desk-canned"
      aria-label={t('support.canned.insert')}
      value=""
      disabled={list.length === 0}
      onChange={(e) => {
        const picked = list.find((r) => r.id === e.target.value);
        if (picked) onPick(picked.body);
      }}
    >
      <option value="">
        {list.length === 0 ? t('support.canned.none') : t('support.canned.pick')}
      </option>
      {list.map((r) => (
        <option key={r.id} value={r.id}>
          {r.title}
        </option>
      ))}
    </select>
  );
}
