import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LiveShoeRecord } from '@taya/contracts';
import {
  cardLabel,
  dealBaccarat,
  dealDragonTiger,
  dealLucky9,
  planShoe,
  seedCommitment,
  shuffleShoe,
  type Card,
} from '@taya/games';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorText } from '../../../lib/error-text';
import { paths } from '../../../lib/paths';
import { getLiveShoe } from '../api';

interface Checked {
  hand: number;
  shown: string;
  dealt: string;
  ok: boolean;
}

/** The cards a finished hand shows, in the order the deal took them, as one line. */
function shownCards(game: LiveShoeRecord['game'], outcome: Record<string, unknown>): string {
  if (game === 'dragon-tiger') return `${String(outcome.dragon)} ${String(outcome.tiger)}`;
  const p = (outcome.player as string[]) ?? [];
  const b = (outcome.banker as string[]) ?? [];
  return `${p.join(' ')} | ${b.join(' ')}`;
}

/** Re-deals a shoe from its revealed seed with the engine the server runs, hand by hand. */
function redeal(record: LiveShoeRecord): { hashOk: boolean; burned: string; hands: Checked[] } {
  const cards: Card[] = shuffleShoe(record.decks, record.serverSeed!, record.clientSeed);
  const plan = planShoe(cards);
  let at = plan.firstHandAt;
  const hands = record.results.map((r, i) => {
    let dealt: string;
    if (record.game === 'dragon-tiger') {
      const o = dealDragonTiger(cards, at);
      dealt = `${cardLabel(o.dragon)} ${cardLabel(o.tiger)}`;
      at += 2;
    } else if (record.game === 'lucky9') {
      const o = dealLucky9(cards, at);
      dealt = `${o.player.cards.map(cardLabel).join(' ')} | ${o.banker.cards.map(cardLabel).join(' ')}`;
      at += o.used;
    } else {
      const o = dealBaccarat(cards, at);
      dealt = `${o.player.map(cardLabel).join(' ')} | ${o.banker.map(cardLabel).join(' ')}`;
      at += o.used;
    }
    const shown = shownCards(record.game, r.outcome);
    return { hand: r.hand ?? i + 1, shown, dealt, ok: shown === dealt };
  });
  return {
    hashOk: seedCommitment(record.serverSeed!) === record.serverSeedHash,
    burned: plan.burned.map(cardLabel).join(' '),
    hands,
  };
}

/** /live/:table/shoes/:shoe — anyone re-shuffles a finished shoe and checks every card dealt. */
export function LiveVerifyRoute() {
  const { table = '', shoe = '' } = useParams();
  const { t } = useTranslation();
  useDocumentTitle(t('live.verify_title'));
  const [record, setRecord] = useState<LiveShoeRecord | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    getLiveShoe(table, Number(shoe), ctrl.signal)
      .then(setRecord)
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) setProblem(errorText(t, e));
      });
    return () => ctrl.abort();
  }, [table, shoe, t]);
  const checked = useMemo(() => (record?.serverSeed ? redeal(record) : null), [record]);
  return (
    <section className="live-verify" data-testid="live-verify">
      <Link to={paths.liveTable.href(table)} className="live-back">
        {t('live.back_to_table')}
      </Link>
      <h1>{t('live.verify_title')}</h1>
      <p>{t('live.verify_intro')}</p>
      {problem && (
        <p className="live-problem" role="alert">
          {problem}
        </p>
      )}
      {record && (
        <dl className="live-verify-seeds">
          <dt>{t('live.shoe_no')}</dt>
          <dd>{record.shoe}</dd>
          <dt>{t('live.seed_hash')}</dt>
          <dd className="live-hex">{record.serverSeedHash}</dd>
          <dt>{t('live.server_seed')}</dt>
          <dd className="live-hex" data-testid="verify-seed">
            {record.serverSeed ?? t('live.seed_hidden')}
          </dd>
          <dt>{t('live.client_seed')}</dt>
          <dd className="live-hex">{record.clientSeed}</dd>
        </dl>
      )}
      {checked && (
        <>
          <p
            className={`live-verify-summary ${checked.hashOk && checked.hands.every((h) => h.ok) ? 'is-ok' : 'is-bad'}`}
            data-testid="verify-summary"
            data-ok={checked.hashOk && checked.hands.every((h) => h.ok)}
          >
            {checked.hashOk && checked.hands.every((h) => h.ok)
              ? t('live.verify_ok', { n: checked.hands.length })
              : t('live.verify_bad')}
          </p>
          <p>{t('live.burned', { cards: checked.burned })}</p>
          <table className="table live-verify-table">
            <thead>
              <tr>
                <th>{t('live.hand')}</th>
                <th>{t('live.shown')}</th>
                <th>{t('live.redealt')}</th>
                <th aria-label={t('live.match')} />
              </tr>
            </thead>
            <tbody>
              {checked.hands.map((h) => (
                <tr key={h.hand} data-testid="verify-hand" data-ok={h.ok}>
                  <td>{h.hand}</td>
                  <td>{h.shown}</td>
                  <td>{h.dealt}</td>
                  <td>{h.ok ? '✓' : '✗'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
