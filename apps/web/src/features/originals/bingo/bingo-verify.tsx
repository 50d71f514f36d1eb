import { useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BINGO_LETTERS,
  BINGO_PRIZES,
  bestPattern,
  bingoColumn,
  bingoGameClientSeed,
  calledBalls,
  drawBalls,
  drawCard,
  fairRng,
  payoutAt,
  seedCommitment,
} from '@taya/games';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { BingoCardView } from './bingo-card';

const HEX = /^[0-9a-f]{64}$/;

/**
 * A bingo game and card checked in the browser with the server's own engine: the game's ball
 * order from its revealed server seed (checked against the commitment shown before its cards
 * were sold) and client seed `bingo-game-<n>`, and a card's numbers from its seed pair and
 * nonce, with its best pattern within the calls and what it paid. The address carries
 * `serverSeed`, `serverSeedHash`, `nonce` = the game's number, and for a card `cardSeed`,
 * `clientSeed`, `cardNonce` and `amount` (its price).
 */
export function BingoVerify() {
  const { t } = useTranslation();
  useDocumentTitle(t('originals.verify.title'));
  const [query, setQuery] = useSearchParams();
  const read = (q: URLSearchParams) => ({
    seed: (q.get('serverSeed') ?? '').trim().toLowerCase(),
    commitment: (q.get('serverSeedHash') ?? '').trim().toLowerCase(),
    game: q.get('nonce') ?? '',
    cardSeed: (q.get('cardSeed') ?? '').trim().toLowerCase(),
    client: q.get('clientSeed') ?? '',
    cardNonce: q.get('cardNonce') ?? '',
    amount: q.get('amount') ?? '',
  });
  const [form, setForm] = useState(() => read(query));
  const submitted = useMemo(() => read(query), [query]);
  const result = useMemo(() => {
    const s = submitted;
    const game = Number(s.game);
    if (!HEX.test(s.seed) || !Number.isInteger(game) || game < 1) return null;
    const balls = calledBalls(drawBalls(fairRng(s.seed, bingoGameClientSeed(game), 0)));
    const committed = HEX.test(s.commitment) ? seedCommitment(s.seed) === s.commitment : null;
    const nonce = Number(s.cardNonce);
    const card =
      HEX.test(s.cardSeed) && s.client && Number.isInteger(nonce) && nonce >= 0
        ? drawCard(fairRng(s.cardSeed, s.client, nonce))
        : null;
    const pattern = card ? bestPattern(card, balls) : null;
    const [whole = '', frac = ''] = s.amount.split('.');
    const scale = frac.length;
    const minor = /^\d+(\.\d+)?$/.test(s.amount) ? BigInt(whole + frac) : null;
    const payout =
      card && minor !== null && pattern
        ? payoutAt(minor, BINGO_PRIZES[pattern])
        : card && minor !== null
          ? 0n
          : null;
    const text = (v: bigint) =>
      scale === 0
        ? v.toString()
        : `${v / 10n ** BigInt(scale)}.${(v % 10n ** BigInt(scale)).toString().padStart(scale, '0')}`;
    return { balls, committed, card, pattern, payout: payout === null ? null : text(payout) };
  }, [submitted]);
  const ids = {
    seed: useId(),
    commitment: useId(),
    game: useId(),
    cardSeed: useId(),
    client: useId(),
    cardNonce: useId(),
    amount: useId(),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({
      game: 'bingo',
      serverSeed: form.seed.trim(),
      serverSeedHash: form.commitment.trim(),
      nonce: form.game.trim(),
      cardSeed: form.cardSeed.trim(),
      clientSeed: form.client.trim(),
      cardNonce: form.cardNonce.trim(),
      amount: form.amount.trim(),
    });
  };
  const field = (key: keyof typeof form, label: string) => (
    <div className="og-field">
      <label className="og-label" htmlFor={ids[key]}>
        {label}
      </label>
      <input
        id={ids[key]}
        className="og-input og-mono"
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        spellCheck={false}
        autoComplete="off"
        data-testid={`bingo-verify-${key}`}
      />
    </div>
  );
  return (
    <section className="og-verify panel og-bingo" data-testid="bingo-verify">
      <h1>{t('originals.bingo.verify_title')}</h1>
      <p className="og-hint">{t('originals.bingo.verify_intro')}</p>
      {result ? (
        <div className="og-verdict" data-testid="bingo-verify-result">
          {result.committed === null ? null : (
            <p
              className={result.committed ? 'og-ok' : 'og-problem'}
              data-testid="bingo-verify-commit"
            >
              {result.committed ? t('originals.bingo.commit_ok') : t('originals.bingo.commit_bad')}
            </p>
          )}
          <p className="og-label">{t('originals.bingo.called_balls')}</p>
          <p className="og-mono og-break" data-testid="bingo-verify-balls">
            {result.balls.map((b) => `${BINGO_LETTERS[bingoColumn(b)]}${b}`).join(' ')}
          </p>
          {result.card ? (
            <>
              <BingoCardView
                card={{
                  cardId: 'verify',
                  game: Number(submitted.game),
                  player: '',
                  numbers: result.card,
                  amount: submitted.amount || '0',
                  currency: '',
                  serverSeedHash: '0'.repeat(64),
                  serverSeed: null,
                  clientSeed: submitted.client,
                  nonce: Number(submitted.cardNonce),
                  pattern: result.pattern,
                  payout: null,
                }}
                called={result.balls}
                last={null}
              />
              <dl className="og-verdict-figures">
                <div>
                  <dt>{t('originals.bingo.best')}</dt>
                  <dd data-testid="bingo-verify-pattern">
                    {result.pattern ? t(`originals.bingo.pattern.${result.pattern}`) : '—'}
                  </dd>
                </div>
                <div>
                  <dt>{t('originals.verify.payout')}</dt>
                  <dd data-testid="bingo-verify-payout">{result.payout ?? '—'}</dd>
                </div>
              </dl>
            </>
          ) : null}
        </div>
      ) : null}
      <form onSubmit={submit} className="og-verify-form" noValidate>
        {field('seed', t('originals.bingo.game_seed'))}
        {field('commitment', t('originals.bingo.commitment_label'))}
        {field('game', t('originals.bingo.game_number'))}
        {field('cardSeed', t('originals.bingo.card_seed'))}
        {field('client', t('originals.fair.client_seed'))}
        {field('cardNonce', t('originals.fair.nonce'))}
        {field('amount', t('originals.bingo.price'))}
        <button type="submit" className="button button-primary">
          {t('originals.verify.submit')}
        </button>
      </form>
    </section>
  );
}
